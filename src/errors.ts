/** Prefix of every message the SDK throws or logs, so partners can find ours in a busy console. */
export const PREFIX = '[contracts-sdk] ';

/** A wrong argument or option: thrown at once by the constructor or on/once/off. */
export function configError(message: string): TypeError {
  return new TypeError(PREFIX + message);
}

/** A call the instance's state does not allow (open after destroy, a detached container). */
export function misuseError(message: string): Error {
  return new Error(PREFIX + message);
}

/** Names a value's type for an error message without echoing the value (it could be the token). */
export function typeName(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** Own properties only: inherited names such as "constructor" or "__proto__" never count. */
export function hasOwn(object: object, key: PropertyKey): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}
