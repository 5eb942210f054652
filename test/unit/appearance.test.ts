// The appearance parser (src/appearance.ts) and contrast (src/contrast.ts): every accepted value round-trips in one
// canonical form, everything else is a TypeError naming the key path and the rule, and no message holds the token.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAppearance } from '../../src/appearance';
import { contrastRatio } from '../../src/contrast';
import type { Appearance } from '../../src';

const TOKEN = 'sbx_complete_tok-7f3a9c2e-SECRET';
const PATH = 'config.appearance';
const parse = (value: unknown, token = TOKEN) => parseAppearance(value, PATH, [token]);
const variable = (key: string, value: unknown) => parse({ variables: { [key]: value } }).variables![key as 'colorText'];
const refusal = (value: unknown, token = TOKEN): string => {
  try {
    parse(value, token);
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
};

const hex = fc.integer({ min: 0, max: 15 }).map((n) => n.toString(16));
const colour = fc
  .oneof(fc.array(hex, { minLength: 3, maxLength: 3 }), fc.array(hex, { minLength: 6, maxLength: 6 }))
  .chain((digits) => fc.constantFrom(`#${digits.join('')}`, `#${digits.join('').toUpperCase()}`));
const LENGTHS = { borderRadius: [0, 24], fontSizeBase: [12, 20], spacingUnit: [2, 12] } as const;
/** A length inside `[min, max]` px, in px or rem, with 0 to 3 decimals and possibly leading zeros. */
const length = ([min, max]: readonly [number, number]) =>
  fc
    .tuple(fc.constantFrom('px', 'rem'), fc.integer({ min: 0, max: 1000 }), fc.constantFrom('', '0', '00'))
    .map(([unit, step, zeros]) => {
      const scale = unit === 'px' ? 1 : 16;
      const value = Math.round(((min + ((max - min) * step) / 1000) / scale) * 1000) / 1000;
      return zeros + value.toFixed(step % 4) + unit;
    })
    .filter((text) => {
      const px = Number.parseFloat(text) * (text.endsWith('rem') ? 16 : 1);
      return px >= min && px <= max && /^\d+(\.\d{1,3})?(px|rem)$/.test(text);
    });
/** Text and background colours that pass 4.5:1: black or white text on any background picks the better one. */
const readablePair = colour.map((background) => {
  const onBlack = contrastRatio(canonical(background), '#000000');
  return { colorText: onBlack >= 4.5 ? '#000' : '#ffffff', colorBackground: background };
});
const appearance: fc.Arbitrary<Appearance> = fc.record(
  {
    theme: fc.constantFrom('light', 'dark', 'auto') as fc.Arbitrary<'light' | 'dark' | 'auto'>,
    variables: fc
      .tuple(
        fc.record(
          {
            colorPrimary: colour,
            colorDanger: colour,
            borderRadius: length(LENGTHS.borderRadius),
            fontSizeBase: length(LENGTHS.fontSizeBase),
            spacingUnit: length(LENGTHS.spacingUnit),
          },
          { requiredKeys: [] },
        ),
        fc.option(readablePair, { nil: undefined }),
      )
      .map(([tokens, pair]) => ({ ...tokens, ...pair })),
  },
  { requiredKeys: [] },
);

function canonical(value: string): string {
  const digits = value.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

describe('appearance: accepted values round-trip in one canonical form', () => {
  it('parse(serialise(x)) equals serialise(x), for every accepted appearance', () => {
    fc.assert(
      fc.property(appearance, (value) => {
        const serialised = parse(value);
        expect(parse(serialised)).toStrictEqual(serialised);
        expect(serialised.theme).toBe(value.theme ?? 'light');
        expect(Object.keys(serialised.variables ?? {}).sort()).toEqual(Object.keys(value.variables ?? {}).sort());
      }),
      { numRuns: 500 },
    );
  });

  it('colours: #rgb or #rrggbb in any case, as lowercase #rrggbb', () => {
    fc.assert(
      fc.property(colour, (value) => {
        expect(variable('colorPrimary', value)).toBe(canonical(value));
        expect(variable('colorPrimary', value)).toMatch(/^#[0-9a-f]{6}$/);
      }),
    );
    expect(variable('colorDanger', '#AbC')).toBe('#aabbcc');
  });

  it('lengths: the shortest decimal and the unit, inside each range (edges included)', () => {
    expect(variable('borderRadius', '08.50px')).toBe('8.5px');
    expect(variable('borderRadius', '0.000rem')).toBe('0rem');
    expect(variable('borderRadius', '24px')).toBe('24px');
    expect(variable('borderRadius', '1.5rem')).toBe('1.5rem');
    expect(variable('fontSizeBase', '12px')).toBe('12px');
    expect(variable('fontSizeBase', '1.250rem')).toBe('1.25rem');
    expect(variable('spacingUnit', '0.125rem')).toBe('0.125rem');
    expect(variable('spacingUnit', '12px')).toBe('12px');
    for (const [key, range] of Object.entries(LENGTHS)) {
      fc.assert(
        fc.property(length(range), (value) => {
          const serialised = variable(key, value);
          expect(serialised).toBe(Number.parseFloat(value) + value.replace(/^[\d.]+/, ''));
          expect(variable(key, serialised)).toBe(serialised);
        }),
      );
    }
  });

  it('reads own data properties only, keeps only the keys given, and theme is always there', () => {
    expect(parse({})).toStrictEqual({ theme: 'light' });
    expect(parse({ variables: {} })).toStrictEqual({ theme: 'light', variables: {} });
    expect(parse({ theme: 'auto', variables: { colorPrimary: undefined } })).toStrictEqual({
      theme: 'auto',
      variables: {},
    });
    const inherited = Object.create({ colorText: '#fff', colorBackground: '#fff' });
    expect(parse({ variables: inherited })).toStrictEqual({ theme: 'light', variables: {} });
  });
});

describe('appearance: anything else is refused, naming the key path and the rule', () => {
  const V = `${PATH}.variables`;
  it('names each rule', () => {
    const cases: Array<[unknown, string]> = [
      [null, `${PATH} must be an object, got null.`],
      [[], `${PATH} must be an object, got array.`],
      [{ variables: 'x' }, `${V} must be an object, got string.`],
      [{ theme: 'sepia' }, `${PATH}.theme must be "light" or "dark" or "auto", got "sepia".`],
      [{ css: 'x' }, `${PATH}.css is not an option. Options: theme, variables.`],
      [{ variables: { colour: '#fff' } }, `${V}.colour is not an option. Options: colorPrimary, colorDanger,`],
      [
        { variables: { font: 'Inter' } },
        `${V}.font is not an option. Options: colorPrimary, colorDanger, colorBackground, colorText, borderRadius, fontSizeBase, spacingUnit, fontFamily.`,
      ],
      [{ variables: { colorText: 'red' } }, `${V}.colorText must be "#rgb" or "#rrggbb", got "red".`],
      [{ variables: { colorPrimary: 'rgb(0,0,0)' } }, `${V}.colorPrimary must be "#rgb" or "#rrggbb"`],
      [{ variables: { colorPrimary: '#12345' } }, `${V}.colorPrimary must be "#rgb" or "#rrggbb"`],
      [{ variables: { borderRadius: 8 } }, `${V}.borderRadius must be a length like "8px" from 0px to 24px, got 8.`],
      [{ variables: { borderRadius: '25px' } }, `${V}.borderRadius must be a length like "8px" from 0px to 24px`],
      [{ variables: { borderRadius: '1.501rem' } }, `${V}.borderRadius must be`],
      [{ variables: { fontSizeBase: '11.999px' } }, `${V}.fontSizeBase must be a length like "8px" from 12px to 20px`],
      [{ variables: { spacingUnit: '0.1rem' } }, `${V}.spacingUnit must be a length like "8px" from 2px to 12px`],
      [{ variables: { spacingUnit: '4.0001px' } }, `${V}.spacingUnit must be`],
      [{ variables: { spacingUnit: '-4px' } }, `${V}.spacingUnit must be`],
      [{ variables: { spacingUnit: '4PX' } }, `${V}.spacingUnit must be`],
      [{ variables: { spacingUnit: '4 px' } }, `${V}.spacingUnit must be`],
      [{ variables: { spacingUnit: '.5rem' } }, `${V}.spacingUnit must be`],
      [{ variables: { colorText: '#000' } }, `${V}.colorText and colorBackground must be given together.`],
      [{ variables: { colorBackground: '#fff' } }, `${V}.colorText and colorBackground must be given together`],
    ];
    for (const [value, message] of cases) expect(refusal(value)).toContain(`[contracts-sdk] ${message}`);
  });

  it('a getter is refused at every level', () => {
    const getter = (key: string) => Object.defineProperty({}, key, { get: () => 'dark', enumerable: true });
    expect(refusal(getter('theme'))).toBe(`[contracts-sdk] ${PATH}.theme must be a value, not a getter.`);
    expect(refusal({ variables: getter('colorPrimary') })).toBe(
      `[contracts-sdk] ${PATH}.variables.colorPrimary must be a value, not a getter.`,
    );
  });

  it('every string holding url(, ;, {, }, \\, @, /*, a newline or a quote is refused in every token', () => {
    const dangerous = fc.constantFrom('url(', ';', '}', '{', '\\', '@', '/*', '\n', '"', "'", 'var(', 'attr(');
    const around = fc.string({ maxLength: 12 });
    const keys = ['colorPrimary', 'colorDanger', 'borderRadius', 'fontSizeBase', 'spacingUnit'];
    fc.assert(
      fc.property(fc.constantFrom(...keys), around, dangerous, around, (key, before, bad, after) => {
        expect(refusal({ variables: { [key]: before + bad + after } })).toContain(`${PATH}.variables.${key} must be`);
      }),
      { numRuns: 1000 },
    );
  });

  it('the token never appears in a message, whatever holds it', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{12,40}$/);
    const keys = ['theme', 'colorPrimary', 'borderRadius', 'fontFamily', 'unknownKey'];
    fc.assert(
      fc.property(token, fc.constantFrom(...keys), fc.string({ maxLength: 8 }), (secret, key, extra) => {
        const value = `${extra}${secret};${extra}`; // invalid for every key: the message quotes it
        const cases = [
          key === 'theme' ? { theme: value } : { variables: { [key]: value } },
          { [secret]: 1 },
          { variables: { [secret]: '#fff' } },
        ];
        for (const bad of cases) expect(refusal(bad, secret)).not.toContain(secret);
      }),
      { numRuns: 300 },
    );
  });
});

describe('appearance: fontFamily names a family the signing app hosts, or a generic stack', () => {
  const FAMILIES = ['Inter', 'Roboto', 'Open Sans', 'Lato', 'Source Sans 3', 'Noto Sans'];
  const GENERIC = ['system-ui', 'sans-serif', 'serif'];
  const RULE = `${PATH}.variables.fontFamily must be "${[...FAMILIES, ...GENERIC].join('" or "')}", got`;

  it('takes each hosted family and each generic stack as it is: the name is its canonical form', () => {
    for (const name of [...FAMILIES, ...GENERIC]) {
      expect(variable('fontFamily', name)).toBe(name);
      expect(parse(parse({ variables: { fontFamily: name } })).variables).toStrictEqual({ fontFamily: name });
    }
    // Listed last, after the tokens the SDK had before it.
    expect(Object.keys(parse({ variables: { fontFamily: 'Lato', colorPrimary: '#000' } }).variables!)).toEqual([
      'colorPrimary',
      'fontFamily',
    ]);
  });

  it('refuses anything else with a TypeError that lists every accepted name', () => {
    const wrong: Array<[unknown, string]> = [
      ['Comic Sans MS', '"Comic Sans MS"'], // well shaped, but the app hosts no such font
      ['inter', '"inter"'], // exact spellings only
      ['Inter ', '"Inter "'],
      ['Inter, sans-serif', '"Inter, sans-serif"'], // one name, not a CSS stack
      ['"Inter"', '"\\"Inter\\""'],
      ['monospace', '"monospace"'],
      ["Inter'; } body { display: none", `"Inter'; } body { display: none"`],
      ['url(https://evil.test/font.woff2)', '"url(https://evil.test/font.woff2)"'],
      ['', '""'],
      [700, '700'],
      [true, 'boolean'],
      [null, 'null'],
      [['Inter'], 'array'],
      [{ family: 'Inter' }, 'object'],
    ];
    for (const [value, shown] of wrong) {
      expect(refusal({ variables: { fontFamily: value } })).toBe(`[contracts-sdk] ${RULE} ${shown}.`);
    }
  });

  it('a polluted Object.prototype gives no font, and a name inherited from it is not taken', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.fontFamily = 'Inter';
    try {
      expect(parse({ variables: {} }).variables).toStrictEqual({});
      expect(variable('fontFamily', 'Lato')).toBe('Lato');
      // A wrong name is still refused: includes() is not fooled by an inherited entry either.
      expect(refusal({ variables: { fontFamily: 'Wingdings' } })).toContain(`${RULE} "Wingdings".`);
    } finally {
      delete proto.fontFamily;
    }
    const inherited = Object.create({ fontFamily: 'Inter' });
    expect(parse({ variables: inherited }).variables).toStrictEqual({});
  });

  it('a value holding a piece of the token is quoted without it', () => {
    const message = refusal({ variables: { fontFamily: `Inter ${TOKEN.slice(4, 20)} Bold` } });
    expect(message).toBe(`[contracts-sdk] ${RULE} "Inter [redacted] Bold".`);
    expect(message).not.toContain(TOKEN.slice(4, 12));
  });
});

describe('contrast (WCAG 2.x relative luminance)', () => {
  it('matches known values: black on white 21:1, #767676 4.54:1, #777777 4.48:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
  });

  // Greys have equal channels, so they cannot tell the channel weights apart: pure and mixed colours can (WCAG's
  // figures: red on white 4.00:1, blue on white 8.59:1, green on black 15.30:1).
  it('weights each channel as WCAG does: red 0.2126, green 0.7152, blue 0.0722', () => {
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(3.998, 3);
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.592, 3);
    expect(contrastRatio('#00ff00', '#000000')).toBeCloseTo(15.304, 3);
    expect(contrastRatio('#ff00ff', '#000000')).toBeCloseTo(6.696, 3); // red and blue together: 0.2848
    expect(contrastRatio('#c05000', '#ffffff')).toBeCloseTo(4.785, 3); // each channel in its own place
    expect(contrastRatio('#0050c0', '#ffffff')).toBeCloseTo(7.22, 3);
  });

  it('red text on white is refused (4.00:1), blue text on white accepted (8.59:1)', () => {
    expect(refusal({ variables: { colorText: '#f00', colorBackground: '#fff' } })).toBe(
      `[contracts-sdk] ${PATH}.variables: colorText on colorBackground has a contrast of 3.99:1; WCAG AA needs 4.5:1.`,
    );
    expect(parse({ variables: { colorText: '#00f', colorBackground: '#fff' } }).variables).toStrictEqual({
      colorBackground: '#ffffff',
      colorText: '#0000ff',
    });
  });

  it('#767676 on white is accepted; #777777 on white is refused with its ratio rounded down', () => {
    expect(parse({ variables: { colorText: '#767676', colorBackground: '#fff' } }).variables).toStrictEqual({
      colorBackground: '#ffffff',
      colorText: '#767676',
    });
    expect(refusal({ variables: { colorText: '#777', colorBackground: '#FFFFFF' } })).toBe(
      `[contracts-sdk] ${PATH}.variables: colorText on colorBackground has a contrast of 4.47:1; WCAG AA needs 4.5:1.`,
    );
  });

  it('a refused ratio is never shown as 4.50 (rounded down, 2 decimals)', () => {
    fc.assert(
      fc.property(colour, colour, (text, background) => {
        const ratio = contrastRatio(canonical(text), canonical(background));
        fc.pre(ratio < 4.5);
        const message = refusal({ variables: { colorText: text, colorBackground: background } });
        const shown = /contrast of (\d+\.\d\d):1/.exec(message)![1];
        expect(Number(shown)).toBeLessThanOrEqual(ratio);
        expect(Number(shown)).toBeGreaterThan(ratio - 0.01);
      }),
      { numRuns: 300 },
    );
  });

  it('black or white, whichever contrasts more, reaches at least 4.58:1 on every colour (sampled)', () => {
    fc.assert(
      fc.property(colour, (value) => {
        const best = Math.max(contrastRatio(canonical(value), '#000000'), contrastRatio(canonical(value), '#ffffff'));
        expect(best).toBeGreaterThanOrEqual(4.58);
      }),
      { numRuns: 2000 },
    );
  });
});
