const REDACTED = '[redacted]';

/** Replaces every occurrence of `secret` in a string, raw or as it appears inside JSON. */
export function redactString(text: string, secret: string): string {
  if (!secret) return text;
  const escaped = JSON.stringify(secret).slice(1, -1);
  return text.split(secret).join(REDACTED).split(escaped).join(REDACTED);
}

const describeError = (error: Error) => `${error.name}: ${error.message}`;

/**
 * A printable rendering of any value with the secret removed. Rendering first (strings as they are, errors by
 * name and message, anything else as JSON) and redacting the final text covers keys, nesting and arrays
 * alike; a value JSON cannot render (cycles, foreign windows) prints as its type tag only.
 */
export function redact(value: unknown, secret: string): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value instanceof Error) text = describeError(value);
  else {
    try {
      text = JSON.stringify(value, (_key, item) => (item instanceof Error ? describeError(item) : item)) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  return redactString(text, secret);
}
