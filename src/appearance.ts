// The partner's appearance (README "Appearance", docs/protocol.md §4.3): tokens, not CSS. Every value is checked
// against its rule and re-serialised in one canonical form, so the app only ever receives text the SDK wrote.
import { contrastRatio } from './contrast';
import { configError } from './errors';
import { checkChoice, ownFields, quote } from './own-fields';
import type { Appearance, AppearanceVariables } from './types';

/** Each length token's range in px; in rem, the same divided by 16. */
const LENGTHS: Record<string, [number, number]> = {
  borderRadius: [0, 24],
  fontSizeBase: [12, 20],
  spacingUnit: [2, 12],
};
/**
 * What fontFamily names: a family the signing app hosts itself (woff2 from its own origin, docs/appearance.md), or
 * a generic system stack. Exact spellings: the name is the canonical form, and the app checks it against its own
 * list again (docs/protocol.md §4.3).
 */
const FONTS = [
  'Inter',
  'Roboto',
  'Open Sans',
  'Lato',
  'Source Sans 3',
  'Noto Sans',
  'system-ui',
  'sans-serif',
  'serif',
];
/** Every token, in the order the re-serialised object lists them ('': each is checked by its own rule). */
const VARIABLES = {
  colorPrimary: '',
  colorDanger: '',
  colorBackground: '',
  colorText: '',
  borderRadius: '',
  fontSizeBase: '',
  spacingUnit: '',
  fontFamily: '',
} satisfies Record<keyof AppearanceVariables, ''>;
/** A colour token's shape (#rgb or #rrggbb), and a length token's (px or rem); the ranges are checked apart. */
export const COLOUR = /^#([\da-f]{3}){1,2}$/i;
export const LENGTH = /^(\d+(\.\d{1,3})?)(px|rem)$/;

/** The appearance at `path` ("config.appearance" or "update.appearance") re-serialised; a TypeError if wrong. */
export function parseAppearance(value: unknown, path: string, secrets: readonly string[]): Appearance {
  const fields = ownFields(value, { theme: '', variables: '' }, path, secrets);
  const { theme = 'light', variables } = fields as Appearance;
  checkChoice(`${path}.theme`, theme, ['light', 'dark', 'auto'], secrets);
  return variables === undefined
    ? { theme }
    : { theme, variables: parseVariables(variables, `${path}.variables`, secrets) };
}

/** Only the tokens given, each re-serialised; colorText and colorBackground together and readable. */
function parseVariables(value: unknown, path: string, secrets: readonly string[]): AppearanceVariables {
  const given = ownFields(value, VARIABLES, path, secrets);
  // Without a prototype, so that the pair check reads only the tokens given (not a polluted Object.prototype's).
  const variables: Record<string, string> = Object.create(null);
  for (const key in VARIABLES) {
    if (given[key] !== undefined) variables[key] = parseToken(key, given[key], `${path}.${key}`, secrets);
  }
  checkTextContrast(variables, path);
  return { ...variables };
}

/** One token in its canonical form, or a TypeError naming its path and rule (the value quoted, redacted). */
function parseToken(key: string, value: unknown, path: string, secrets: readonly string[]): string {
  if (key === 'fontFamily') {
    checkChoice(path, value, FONTS, secrets);
    return value as string;
  }
  const range = LENGTHS[key];
  const text = typeof value === 'string' ? value : ''; // '' passes no rule
  const parsed = range ? length(text, range) : colour(text);
  if (parsed !== undefined) return parsed;
  const rule = range ? `a length like "8px" from ${range[0]}px to ${range[1]}px` : '"#rgb" or "#rrggbb"';
  throw configError(`${path} must be ${rule}, got ${quote(value, secrets)}.`);
}

/** "#rgb" or "#rrggbb" in any case, as lowercase "#rrggbb". */
function colour(value: string): string | undefined {
  // "#abc" → "#aabbcc"; a six-digit colour does not match and stays as it is.
  return COLOUR.test(value) ? value.toLowerCase().replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : undefined;
}

/** A px or rem length inside `range` (px; rem is 16px), as the shortest decimal and its unit ("08.50px" → "8.5px"). */
function length(value: string, [min, max]: [number, number]): string | undefined {
  const match = LENGTH.exec(value);
  if (!match) return undefined;
  const number = Number(match[1]);
  const px = match[3] === 'px' ? number : number * 16;
  return px >= min && px <= max ? number + match[3] : undefined;
}

/** Body text must stay readable on the partner's background: both or neither, at WCAG AA (1.4.3). */
function checkTextContrast({ colorText, colorBackground }: AppearanceVariables, path: string): void {
  if (!colorText !== !colorBackground) {
    throw configError(`${path}.colorText and colorBackground must be given together.`);
  }
  const ratio = colorText ? contrastRatio(colorText, colorBackground!) : 21;
  if (ratio < 4.5) {
    // Rounded down: a refused ratio never reads as 4.50.
    const shown = (Math.floor(ratio * 100) / 100).toFixed(2);
    throw configError(`${path}: colorText on colorBackground has a contrast of ${shown}:1; WCAG AA needs 4.5:1.`);
  }
}
