const REDACTED = '[redacted]';

const inJson = (text: string): string => JSON.stringify(text).slice(1, -1);

/**
 * The forms a secret takes in text: raw, escaped inside JSON, percent-encoded inside a URL; and escaped once more,
 * as redact() renders a logged value holding escaped text.
 */
function secretForms(secret: string): string[] {
  return [secret, inJson(secret), inJson(inJson(secret)), encodeURIComponent(secret)];
}

/** Replaces every occurrence of `secret` in a string, raw, as it appears inside JSON, or percent-encoded. */
export function redactString(text: string, secret: string): string {
  if (!secret) return text;
  for (const form of secretForms(secret)) text = text.split(form).join(REDACTED);
  return text;
}

/** Whether `text` holds `secret` in any form, also once percent-decoded (`%2d` and `%2D` alike). */
export function containsSecret(text: string, secret: string): boolean {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // not decodable: the raw forms below still apply
  }
  return redactString(text, secret) !== text || redactString(decoded, secret) !== decoded;
}

/**
 * A printable rendering of any value with the secret removed. Rendering first (strings as they are, anything
 * else as JSON: the SDK logs strings, numbers and plain payloads) and redacting the final text covers keys,
 * nesting and arrays alike; a value JSON cannot render (cycles, foreign windows) prints as its type tag only.
 */
export function redact(value: unknown, secret: string): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return redactString(text, secret);
}

/** The shortest piece of the token that app text may not hold (docs/protocol.md §6.1): shorter ones are common words. */
export const TOKEN_PIECE = 8;

/**
 * Every run of TOKEN_PIECE characters of `secret` (the whole secret when it is shorter), in each form it takes in
 * text; none for an empty secret.
 */
function pieces(secret: string): string[] {
  const found: string[] = [];
  if (secret)
    for (const form of secretForms(secret))
      for (let start = 0; start === 0 || start + TOKEN_PIECE <= form.length; start += 1)
        found.push(form.slice(start, start + TOKEN_PIECE));
  return found;
}

/**
 * Whether `text` holds a piece of `secret` (pieces()), raw, JSON-escaped or percent-encoded: the app's text must
 * not carry part of the token to the partner.
 */
export function holdsPiece(text: string, secret: string): boolean {
  return pieces(secret).some((piece) => text.includes(piece));
}

/**
 * `text` with each run that holds a piece of any of `secrets` (as holdsPiece() finds them) replaced by [redacted];
 * wholly [redacted] when a piece survives percent-decoding (`%41`...). What a message may quote of the partner's
 * value: `secrets` are every token the instance knows (the string, or the running attempt's from the function).
 */
export function redactPieces(text: string, secrets: readonly string[]): string {
  const hidden: boolean[] = new Array(text.length).fill(false);
  const all = secrets.flatMap(pieces);
  for (const piece of all)
    for (let at = text.indexOf(piece); at >= 0; at = text.indexOf(piece, at + 1))
      hidden.fill(true, at, at + piece.length);
  const shown = text.replace(/[\s\S]/g, (char, at: number) => (!hidden[at] ? char : hidden[at - 1] ? '' : REDACTED));
  let decoded = shown;
  try {
    decoded = decodeURIComponent(shown);
  } catch {
    // not decodable: nothing hides behind percent signs
  }
  return all.some((piece) => decoded.includes(piece)) ? REDACTED : shown;
}
