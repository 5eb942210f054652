// The signer's wait as User Timing (README "Performance"): contracts-sdk:open-to-loaded and
// contracts-sdk:open-to-ready, each measured from the open() that showed the frame, so a prepared frame's
// hidden loading does not count as waiting. What the partner reads with performance.getEntriesByType('measure').
import { LOADING, type State } from './lifecycle';

const WAIT_MEASURE = 'contracts-sdk:open-to-';

export type WaitStep = 'loaded' | 'ready';

/** The wait steps an attempt has passed in `state`: what a prepared frame reached before the signer's open(). */
export const stepsReached = (state: State): WaitStep[] => (['loaded', 'ready'] as WaitStep[]).slice(0, state - LOADING);

/**
 * Records `steps` as measures from `shownAt`, the performance.now() of the open() that showed the frame; nothing
 * while the frame is hidden (undefined). Browsers before User Timing 3 (Firefox < 103, Safari < 14.1) throw on
 * the start option: no measure, nothing else changes.
 */
export function timeWait(shownAt: number | undefined, steps: readonly WaitStep[]): void {
  if (shownAt === undefined) return;
  for (const step of steps) {
    try {
      performance.measure(WAIT_MEASURE + step, { start: shownAt });
    } catch {
      // Older browsers: no User Timing, same signing.
    }
  }
}
