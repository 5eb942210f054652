// Reading the partner's objects (options, update() changes, appearance) as own data properties, with messages that
// name the key path and never hold the token.
import { configError } from './errors';
import { redactPieces } from './redact';
import { hasOwn, typeName } from './values';

/**
 * The fields of the partner's object at `path` ("config", "update", "config.appearance", ...; anything but a plain
 * object is refused), copied once into an object without a prototype: a value inherited from a polluted Object.prototype is absent, a getter cannot answer
 * differently twice, and an unknown key is refused with the list of known ones. `types`: each key and the typeof
 * names it may have ('' for a key whose own check names its rule).
 */
export function ownFields(
  object: unknown,
  types: Record<string, string>,
  path: string,
  secrets: readonly string[],
): Record<string, unknown> {
  const kind = typeName(object); // "null", "array" and "function" are not plain objects here
  if (kind !== 'object') throw configError(`${path} must be an object, got ${kind}.`);
  const fields: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(object as object)) {
    const name = `${path}.${redactPieces(key, secrets)}`;
    if (!hasOwn(types, key)) {
      throw configError(`${name} is not an option. Options: ${Object.keys(types).join(', ')}.`);
    }
    const field = Object.getOwnPropertyDescriptor(object, key)!;
    if (!hasOwn(field, 'value')) throw configError(`${name} must be a value, not a getter.`);
    const value = field.value;
    const allowed = types[key];
    if (allowed && value !== undefined && !allowed.split(' or ').includes(typeof value)) {
      throw configError(`${name} must be a ${allowed}, got ${typeName(value)}.`);
    }
    fields[key] = value;
  }
  return fields;
}

/** `value` must be one of `choices` (or undefined: the default); the message lists them. */
export function checkChoice(path: string, value: unknown, choices: string[], secrets: readonly string[]): void {
  if (value !== undefined && !choices.includes(value as string)) {
    throw configError(`${path} must be "${choices.join('" or "')}", got ${quote(value, secrets)}.`);
  }
}

/** A short rendering of a bad value for an error message, without any 8-character piece of the token. */
export function quote(value: unknown, secrets: readonly string[]): string {
  return typeof value === 'string'
    ? JSON.stringify(redactPieces(value, secrets).slice(0, 60))
    : typeof value === 'number'
      ? String(value)
      : typeName(value);
}
