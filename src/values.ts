// Reading values the SDK did not create (options, messages) without trusting their prototypes.

/** Names a value's type for an error message without echoing the value (it could be the token). */
export function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** Own properties only: inherited names such as "constructor" or "__proto__" never count. */
export function hasOwn(object: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** An object's own property; anything inherited (a polluted Object.prototype's) is absent: undefined. */
export function ownValue(object: object, key: string): unknown {
  return hasOwn(object, key) ? (object as Record<string, unknown>)[key] : undefined;
}

/**
 * `fields`, a fresh literal, without a prototype: a platform API reads every member its dictionary knows (fetch's
 * mode, integrity, signal, ...), inherited ones too, so an options object handed to one would otherwise take what a
 * polluted Object.prototype adds.
 */
export function withoutPrototype<T extends object>(fields: T): T {
  return Object.setPrototypeOf(fields, null);
}
