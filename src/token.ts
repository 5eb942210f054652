import { typeName } from './errors';

/**
 * Calls the partner's token function for one attempt. Settles with a non-empty string, or rejects with a
 * message for `contract.error` that says what went wrong without ever containing the value.
 */
export function fetchToken(source: () => string | Promise<string>): Promise<string> {
  return new Promise<string>((resolve) => resolve(source())).then(
    (value: unknown) => {
      if (typeof value === 'string' && value.trim()) return value;
      throw `The signingToken function gave ${typeof value === 'string' ? 'an empty string' : typeName(value)}, not a token.`;
    },
    () => {
      throw 'The signingToken function threw or rejected.';
    },
  );
}
