import type { Cleanup } from './cleanup';
import type { SigningTokenSource } from './types';

// Each instance's token source lives here, not on the instance: console.log(instance) and JSON.stringify(instance)
// cannot show it. A function's tokens are never stored here: each lives in its attempt's channel and goes with it.
export const tokenSources = new WeakMap<object, SigningTokenSource>();

export const NO_TOKEN = 'The signingToken function threw, rejected or gave no non-empty string.';

/**
 * Calls the partner's token function for one attempt. Settles with a non-empty string, or rejects with a
 * message for `contract.error` that says so without ever containing the value.
 */
export async function fetchToken(source: () => string | Promise<string>): Promise<string> {
  let value: unknown;
  try {
    value = await source();
  } catch {
    // Thrown or rejected: the same message as for a wrong value, below.
  }
  if (typeof value === 'string' && value.trim()) return value;
  throw NO_TOKEN;
}

/**
 * This attempt's token: the string, or the function's answer, asked once per attempt; the attempt's channel holds
 * it and it goes with the attempt. A function that fails calls `fail` with NO_TOKEN.
 */
export function attemptToken(source: SigningTokenSource, fail: (message: string) => void): string | Promise<string> {
  if (typeof source === 'string') return source;
  const token = fetchToken(source);
  token.catch(fail);
  return token;
}

/**
 * Runs `use` with the attempt's token: at once for a string, or when the function's answer arrives (only the
 * newest `use` waits: the answer to the newest hello). After `cleanup` runs, a late token is not used, and the
 * token is not kept.
 */
export function withToken(token: string | Promise<string>, cleanup: Cleanup): (use: (token: string) => void) => void {
  let known = typeof token === 'string' ? token : undefined;
  let waiting: ((token: string) => void) | undefined;
  if (typeof token !== 'string') {
    // A failed token is the attempt's to report (attemptToken); here it only means: never used.
    token.then(
      (value) => {
        known = value;
        waiting?.(value);
        waiting = undefined;
      },
      () => {},
    );
  }
  cleanup.add(() => {
    known = waiting = undefined;
  });
  return (use) => {
    if (known === undefined) waiting = use;
    else use(known);
  };
}
