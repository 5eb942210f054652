import { fetchToken } from './token';
import type { SigningTokenSource } from './types';

// Token renewal over the port (docs/protocol.md §6.7).
/**
 * At most this many renewal calls of the partner's token function per attempt: a session renewed for hours, and a
 * hostile or buggy app cannot loop on the partner's endpoint (a new attempt needs the partner's open()).
 */
export const MAX_RENEWALS = 10;

/**
 * Returns what an app's `renew` request calls. With a token function (`sourceNow()`, read at each request: the
 * shared warm frame's owner changes) it asks for a new token (one call at a time: a request while one is in flight
 * waits for that answer) and gives it to `answer`; with a string, a failing function or beyond the bound,
 * `answer(undefined)`: renewal is not possible. The channel answers over its own port, which
 * goes with its attempt: a token that settles after close(), an error or a retry goes nowhere.
 */
export function createRenewal(
  sourceNow: () => SigningTokenSource,
  answer: (token: string | undefined) => void,
): () => void {
  let inFlight = false;
  let calls = 0;
  const settle = (token: string | undefined) => {
    inFlight = false;
    answer(token);
  };
  return () => {
    const source = sourceNow();
    if (inFlight) return;
    if (typeof source === 'string' || calls++ >= MAX_RENEWALS) return settle(undefined);
    inFlight = true;
    fetchToken(source).then(settle, () => settle(undefined));
  };
}
