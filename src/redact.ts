const REDACTED = '[redacted]';
const MAX_DEPTH = 6;

/** Replaces every occurrence of `secret` in a string. */
export function redactString(text: string, secret: string): string {
  return secret ? text.split(secret).join(REDACTED) : text;
}

/**
 * A copy of `value` safe to print: the secret is replaced wherever it occurs in strings, object keys, nested
 * objects, arrays and errors. Other objects (DOM nodes, ports, windows) are printed by their type tag only,
 * since we cannot know what they hold.
 */
export function redact(value: unknown, secret: string, depth = 0, seen = new Set<object>()): unknown {
  if (typeof value === 'string') return redactString(value, secret);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[…]';
  if (value instanceof Error) {
    return redactString(`${value.name}: ${value.message}`, secret);
  }
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => redact(item, secret, depth + 1, seen));
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return Object.prototype.toString.call(value);
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      copy[redactString(key, secret)] = redact((value as Record<string, unknown>)[key], secret, depth + 1, seen);
    }
    return copy;
  } finally {
    seen.delete(value);
  }
}
