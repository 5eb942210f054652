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
