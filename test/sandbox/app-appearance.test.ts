// The sandbox signing app's own check of the appearance it is sent (demo/signing-app/appearance.js): the SDK's
// rules again, applied only to what it rebuilt, black or white text by contrast, and the theme and direction.
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseAppearance } from '../../src/appearance';

interface AppAppearance {
  apply(message: unknown, path: string, fallbackDir: string): void;
  read(
    appearance: unknown,
    path: string,
  ): { theme: string; properties: Record<string, string>; fontSheet: string | undefined };
  textOn(fill: string): string;
  contrast(a: string, b: string): number;
}

// Read from the root vitest runs in: happy-dom's URL global cannot make a file path of import.meta.url.
const SOURCE = readFileSync(join(process.cwd(), 'demo', 'signing-app', 'appearance.js'), 'utf8');

/** Runs the app's script in this happy-dom window, as the embed page's <script defer> does. */
function loadApp(): AppAppearance {
  new Function(SOURCE)();
  return (window as unknown as { SandboxAppearance: AppAppearance }).SandboxAppearance;
}

let app: AppAppearance;
let warned: string[];
beforeEach(() => {
  document.documentElement.removeAttribute('style');
  warned = [];
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warned.push(line));
  app = loadApp();
});

const variables = (given: Record<string, unknown>) => app.read({ theme: 'light', variables: given }, 'init.appearance');

describe('the signing app checks every appearance value again', () => {
  it('applies valid tokens in their canonical form, as CSS custom properties', () => {
    expect(
      variables({
        colorPrimary: '#FFD400',
        colorDanger: '#b32',
        colorBackground: '#fbf8f1',
        colorText: '#1F2A24',
        borderRadius: '08.50px',
        fontSizeBase: '1.125rem',
        spacingUnit: '0.125rem',
      }).properties,
    ).toEqual({
      '--primary': '#ffd400',
      '--on-primary': '#000000',
      '--danger': '#bb3322',
      '--on-danger': '#ffffff',
      '--text': '#1f2a24',
      '--muted': '#1f2a24',
      '--bg': '#fbf8f1',
      '--radius': '8.5px',
      '--font-size': '1.125rem',
      '--space': '0.125rem',
    });
    expect(warned).toEqual([]);
  });

  const refused: Array<[string, unknown]> = [
    ['colorPrimary', 'red'],
    ['colorPrimary', 'rgb(1, 2, 3)'],
    ['colorPrimary', '#abcd'],
    ['colorPrimary', ' #abc'],
    ['colorDanger', 0xff0000],
    ['borderRadius', '8'],
    ['borderRadius', 8],
    ['borderRadius', '25px'],
    ['borderRadius', '1.2345px'],
    ['borderRadius', '8px; background: url(https://evil.test/x)'],
    ['fontSizeBase', '11.999px'],
    ['fontSizeBase', '1.3rem'],
    ['spacingUnit', '13px'],
    ['spacingUnit', '4em'],
  ];
  for (const [key, value] of refused) {
    it(`ignores ${key} ${JSON.stringify(value)}, logging the key and the rule but not the value`, () => {
      expect(variables({ [key]: value }).properties).toEqual({});
      expect(warned).toHaveLength(1);
      expect(warned[0]).toContain(`init.appearance.variables.${key}`);
      // (Short values like "8" or "red" occur in the rule's own words: "8px", "ignored".)
      if (typeof value === 'string' && value.length > 3) expect(warned[0]).not.toContain(value);
    });
  }

  it('takes colorText and colorBackground only together and at 4.5:1 or more', () => {
    expect(variables({ colorText: '#000000' }).properties).toEqual({});
    expect(warned[0]).toContain('must be given together');
    // #767676 on white is 4.54:1, #777777 4.48:1 (WCAG's own examples' neighbourhood).
    expect(variables({ colorText: '#767676', colorBackground: '#ffffff' }).properties['--text']).toBe('#767676');
    expect(variables({ colorText: '#777777', colorBackground: '#ffffff' }).properties).toEqual({});
    expect(warned.at(-1)).toContain('4.5:1');
  });

  it('writes black or white on a fill, whichever contrasts more: at least 4.58:1 for every sRGB colour', () => {
    expect(app.contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(app.textOn('#ffd400')).toBe('#000000');
    expect(app.textOn('#0b6e4f')).toBe('#ffffff');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (rgb) => {
        const fill = `#${rgb.toString(16).padStart(6, '0')}`;
        const chosen = app.textOn(fill);
        const other = chosen === '#000000' ? '#ffffff' : '#000000';
        expect(app.contrast(chosen, fill)).toBeGreaterThanOrEqual(app.contrast(other, fill));
        expect(app.contrast(chosen, fill)).toBeGreaterThanOrEqual(4.58);
      }),
    );
  });

  it('ignores unknown keys, non-objects, an inherited token and a wrong theme', () => {
    expect(app.read({ theme: 'sepia' }, 'update.appearance').theme).toBe('light');
    expect(app.read('dark', 'update.appearance').theme).toBe('light');
    // A polluted prototype adds no token: only own properties are read.
    const proto = Object.prototype as Record<string, unknown>;
    proto.colorPrimary = '#000000';
    try {
      expect(variables({}).properties).toEqual({});
    } finally {
      delete proto.colorPrimary;
    }
    expect(variables({ colour: '#000000' }).properties).toEqual({});
    expect(warned).toEqual(
      [
        'ignored update.appearance.theme: must be light, dark or auto',
        'ignored update.appearance: must be an object',
        'ignored init.appearance.variables.colour: unknown token',
      ].map((line) => `[signing app] ${line}`),
    );
  });

  it('apply() sets the properties through CSSOM, replaces the last appearance whole, and sets theme and dir', () => {
    const root = document.documentElement;
    app.apply(
      { appearance: { theme: 'dark', variables: { colorPrimary: '#0b6e4f', borderRadius: '2px' } }, dir: 'rtl' },
      'init',
      'ltr',
    );
    expect(root.style.getPropertyValue('--primary')).toBe('#0b6e4f');
    expect(root.style.getPropertyValue('--radius')).toBe('2px');
    expect(root.dataset.theme).toBe('dark');
    expect(root.dir).toBe('rtl');
    // An update without the radius gives the theme's back; a wrong dir falls back to the language's.
    app.apply({ appearance: { theme: 'light', variables: { colorPrimary: '#123456' } }, dir: 'up' }, 'update', 'ltr');
    expect(root.style.getPropertyValue('--radius')).toBe('');
    expect(root.style.getPropertyValue('--primary')).toBe('#123456');
    expect(root.dataset.theme).toBe('light');
    expect(root.dir).toBe('ltr');
    app.apply({}, 'update', 'rtl');
    expect(root.style.getPropertyValue('--primary')).toBe('');
    expect(root.dir).toBe('rtl');
  });

  /** The SDK's re-serialised token, or undefined where the SDK throws. */
  function sdkToken(key: string, value: unknown): string | undefined {
    try {
      const parsed = parseAppearance({ variables: { [key]: value } }, 'config.appearance', []);
      return (parsed.variables as Record<string, string>)[key];
    } catch {
      return undefined;
    }
  }

  const PROPERTY: Record<string, string> = {
    colorPrimary: '--primary',
    colorDanger: '--danger',
    borderRadius: '--radius',
    fontSizeBase: '--font-size',
    spacingUnit: '--space',
  };
  const anyText = fc.string({ unit: fc.constantFrom(...'#0aF9 .,;:-_"\'\\@(){}/*\n\tpxremurlvar'.split('')) });
  const candidates: Record<string, fc.Arbitrary<string>> = {
    colorPrimary: fc.oneof(fc.stringMatching(/^#[\dA-Fa-fg]{2,7}$/), anyText),
    colorDanger: fc.oneof(fc.stringMatching(/^#[\dA-Fa-f]{3,6}$/), anyText),
    borderRadius: fc.oneof(fc.stringMatching(/^\d{1,3}(\.\d{0,4})?(px|rem|em)?$/), anyText),
    fontSizeBase: fc.stringMatching(/^0?\d{1,2}(\.\d{0,4})?(px|rem)$/),
    spacingUnit: fc.stringMatching(/^\d{1,2}(\.\d{0,4})?(px|rem)$/),
  };

  for (const key of Object.keys(candidates)) {
    it(`${key}: the app takes exactly what the SDK takes, in the same canonical form (fast-check)`, () => {
      fc.assert(
        fc.property(candidates[key]!, (value) => {
          const fromSdk = sdkToken(key, value);
          const inApp = variables({ [key]: value }).properties[PROPERTY[key]!];
          expect(inApp).toBe(fromSdk);
          // And what the SDK sends, the app takes unchanged.
          if (fromSdk !== undefined) expect(variables({ [key]: fromSdk }).properties[PROPERTY[key]!]).toBe(inApp);
        }),
        { numRuns: 400 },
      );
    });
  }

  const FAMILIES = ['Inter', 'Roboto', 'Open Sans', 'Lato', 'Source Sans 3', 'Noto Sans'];
  const GENERIC = ['system-ui', 'sans-serif', 'serif'];
  const font = (fontFamily: unknown) => app.read({ theme: 'light', variables: { fontFamily } }, 'init.appearance');

  it('fontFamily: a hosted family is its own stack with the right-to-left fallbacks, and its stylesheet', () => {
    for (const name of FAMILIES) {
      const read = font(name);
      expect(read.properties['--font']).toBe(
        `"${name}", "Noto Sans Arabic", "Noto Sans Hebrew", system-ui, sans-serif`,
      );
      expect(read.fontSheet).toBe(name.toLowerCase().replaceAll(' ', '-'));
    }
    expect(font('system-ui')).toMatchObject({ fontSheet: undefined });
    expect(font('system-ui').properties['--font']).toBe('system-ui, -apple-system, "Segoe UI", Roboto, sans-serif');
    expect(font('serif').properties['--font']).toBe('serif');
    expect(font('sans-serif').properties['--font']).toBe('sans-serif');
    expect(warned).toEqual([]);
  });

  it('fontFamily: any other value keeps the default font, logged with the names the app hosts, not the value', () => {
    for (const value of ['Comic Sans MS', 'inter', 'Inter, serif', '"Inter"; } body {', 'constructor', 'toString', 7]) {
      warned = [];
      expect(font(value)).toMatchObject({ properties: {}, fontSheet: undefined });
      expect(warned).toEqual([
        `[signing app] ignored init.appearance.variables.fontFamily: must be one of ${[...FAMILIES, ...GENERIC].join(', ')}`,
      ]);
    }
  });

  it('fontFamily: the app takes exactly the names the SDK takes (fast-check)', () => {
    const candidate = fc.oneof(
      fc.constantFrom(...FAMILIES, ...GENERIC, 'Arial', 'Noto Sans Arabic', '__proto__'),
      anyText,
    );
    fc.assert(
      fc.property(candidate, (value) => {
        expect(font(value).properties['--font'] !== undefined).toBe(sdkToken('fontFamily', value) === value);
      }),
      { numRuns: 400 },
    );
  });

  it("apply(): a hosted family's stylesheet is one <link> of the app's own origin, changed and removed live", () => {
    const sheets = () => [...document.querySelectorAll('link')].map((link) => link.getAttribute('href'));
    const withFont = (fontFamily?: string) => ({ appearance: { theme: 'light', variables: { fontFamily } } });
    app.apply(withFont('Inter'), 'init', 'ltr');
    expect(sheets()).toEqual(['/embed/fonts/inter.css']);
    expect(document.documentElement.style.getPropertyValue('--font')).toContain('"Inter"');
    app.apply(withFont('Source Sans 3'), 'update', 'ltr');
    expect(sheets()).toEqual(['/embed/fonts/source-sans-3.css']);
    app.apply(withFont('serif'), 'update', 'ltr');
    expect(sheets()).toEqual([]);
    expect(document.documentElement.style.getPropertyValue('--font')).toBe('serif');
    app.apply({}, 'update', 'ltr');
    expect(document.documentElement.style.getPropertyValue('--font')).toBe('');
  });

  it('colorText with colorBackground: the app takes a pair exactly when the SDK does (fast-check)', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, hex, (colorText, colorBackground) => {
        const pair = { colorText, colorBackground };
        const sdkTakes = sdkTakesPair(pair);
        expect(variables(pair).properties['--text'] !== undefined).toBe(sdkTakes);
      }),
      { numRuns: 2000 },
    );
  });

  function sdkTakesPair(pair: Record<string, string>): boolean {
    try {
      parseAppearance({ variables: pair }, 'config.appearance', []);
      return true;
    } catch {
      return false;
    }
  }
});
