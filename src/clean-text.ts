import { holdsPiece, redactString } from './redact';

/** The longest `message` a partner receives, in code points. */
export const MAX_MESSAGE_LENGTH = 300;
// Controls (Cc) and line/paragraph separators (Zl, Zp) would break a line: each run becomes one space.
const BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;
// Invisible characters (Cf: bidi marks and overrides, zero-width characters, U+FEFF, tag characters; the rest
// of the tag block; lone surrogates) could disguise or reorder text: removed.
const INVISIBLE = /[\p{Cf}\u{E0000}-\u{E007F}]|\p{Cs}/gu;

/**
 * Plain, visible, single-line text for a partner: breaking characters become spaces, invisible ones are
 * removed, each token is redacted (after removal, so it cannot hide behind a zero-width character), then the
 * text is trimmed and cut to 300 code points (never inside a surrogate pair). Empty text, and text that still
 * holds an 8-character piece of a token (a part of it the app let through), becomes undefined. Every token of the
 * attempt (the first and each renewed one) is a credential until the attempt ends.
 */
export function cleanText(text: string, ...tokens: string[]): string | undefined {
  const visible = tokens.reduce(redactString, text.replace(BREAKING, ' ').replace(INVISIBLE, '')).trim();
  const cut = Array.from(visible).slice(0, MAX_MESSAGE_LENGTH).join('').trim();
  return cut && !tokens.some((token) => holdsPiece(cut, token)) ? cut : undefined;
}
