// Arbitraries for the text rules: tokens, text around them (any Unicode, controls, format characters, lone
// surrogates) and the forms a token takes inside text, plus the check that no 8-character piece of it is left.
import fc from 'fast-check';

/** The shortest piece of a token that counts as leaked (the rule): shorter pieces are common words. */
export const FRAGMENT = 8;

// Tokens: URL-safe letters mostly, plus characters that JSON or percent-encoding change. No brackets, so no
// piece of "[redacted]" is ever a piece of the token.
const tokenUnit = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-') },
  { weight: 1, arbitrary: fc.constantFrom('"', '\\', '/', '%', '+', '=', '.', '~', ' ', 'é', '€', '😀', '<', '&') },
);
export const tokenArbitrary = fc
  .string({ unit: tokenUnit, minLength: FRAGMENT, maxLength: 48 })
  .filter((token) => token.trim().length >= FRAGMENT);

// Text a partner or the app may put around it: any code point, and the characters the rules treat specially.
const specialUnit = fc.constantFrom(
  '\u0000',
  '\t',
  '\n',
  '\r',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029', // breaking: become one space
  '\u00ad',
  '\u061c',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u202e',
  '\u2066',
  '\u2060',
  '\ufeff',
  '\u{E0041}', // invisible
  '\ud800',
  '\udc00',
  '\udbff', // lone surrogates
  '😀',
  '👩‍💻',
  'e\u0301',
  ' ',
  '"',
  '\\',
  '%',
  '[',
  ']',
);
export const fillerArbitrary = fc.string({
  unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), specialUnit),
  maxLength: 40,
});

/** The forms in which a token can sit in text that the SDK must still recognise (docs/protocol.md §6.1). */
export const TOKEN_FORMS: Record<string, (token: string, at: number) => string> = {
  raw: (token) => token,
  'JSON-escaped': (token) => JSON.stringify(token).slice(1, -1),
  'percent-encoded': (token) => encodeURIComponent(token),
  // A piece of it (8 characters or more, from anywhere in it): app text that holds one never reaches the partner.
  'a piece of it': (token, at) => {
    const start = at % (token.length - FRAGMENT + 1);
    return token.slice(start, start + FRAGMENT + (at % (token.length - start - FRAGMENT + 1)));
  },
  // A zero-width character inside it: app text loses it before the token is looked for (not the SDK's own logs).
  'with an invisible character inside': (token, at) => {
    const units = Array.from(token);
    const cut = at % (units.length + 1);
    return [...units.slice(0, cut), '\u200b', ...units.slice(cut)].join('');
  },
};

/** A token and text around it, as generated: `lead` x's, then pieces of filler and forms of the token. */
export interface TokenInText {
  token: string;
  lead: number;
  pieces: Array<string | { form: string; at: number }>;
}

export interface TextWithToken {
  text: string;
  /** The same text with every token copy left out: what the property may not blame on the SDK. */
  around: string;
  description: string;
}

/**
 * Any token, and text that holds it (in any of `forms`) among filler, sometimes after a run of plain text long
 * enough that the 300-code-point cut falls anywhere inside what follows. Generated apart, so each part shrinks.
 */
export function tokenInText(forms = Object.keys(TOKEN_FORMS)): fc.Arbitrary<TokenInText> {
  const piece = fc.oneof(
    { weight: 2, arbitrary: fillerArbitrary },
    { weight: 1, arbitrary: fc.record({ form: fc.constantFrom(...forms), at: fc.nat({ max: 48 }) }) },
  );
  return fc.record({
    token: tokenArbitrary,
    lead: fc.nat({ max: 320 }),
    pieces: fc.array(piece, { minLength: 1, maxLength: 6 }),
  });
}

/** The text a generated sample stands for. */
export function textOf({ token, lead, pieces }: TokenInText): TextWithToken {
  const start = 'x'.repeat(lead);
  const parts = pieces.map((p) =>
    typeof p === 'string'
      ? { text: p, around: p, description: JSON.stringify(p) }
      : { text: TOKEN_FORMS[p.form](token, p.at), around: '\u0000', description: `<token ${p.form}>` },
  );
  return {
    text: start + parts.map((p) => p.text).join(''),
    around: start + parts.map((p) => p.around).join(''),
    description: `${lead} × "x", then ${parts.map((p) => p.description).join(' + ')}`,
  };
}

/** The first piece of `token` of FRAGMENT characters found in `text`, or undefined. */
export function leakedPiece(text: string, token: string): string | undefined {
  for (let start = 0; start + FRAGMENT <= token.length; start += 1) {
    const piece = token.slice(start, start + FRAGMENT);
    if (text.includes(piece)) return piece;
  }
  return undefined;
}
