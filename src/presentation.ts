// How the app is to look right now: sent whole in init and in each update (docs/protocol.md §4.3, §6.2), so the
// app never merges.
import type { Settings } from './config';
import type { Appearance } from './types';

export interface Presentation {
  appearance?: Appearance;
  locale?: string;
  dir: 'ltr' | 'rtl';
}

/**
 * The current appearance and locale (each key absent when there is none) and the direction: the partner's, else
 * the container's as the page computes it at this moment (a page that switches language may switch direction).
 */
export function presentation(settings: Settings, container: Element): Presentation {
  const { appearance, locale } = settings;
  return {
    ...(appearance && { appearance }),
    ...(locale && { locale }),
    dir: settings.dir ?? (getComputedStyle(container).direction === 'rtl' ? 'rtl' : 'ltr'),
  };
}
