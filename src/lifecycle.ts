// The instance's lifecycle as one table: the named states and the only transitions the app's progress messages
// make. Everything else (open, close, destroy, errors) sets a state directly in attempt-runner.ts.
//
// IDLE → LOADING (open) → LOADED → READY → COMPLETED, DECLINED or CANCELLED (each ends the attempt and keeps the
// frame); any loading or ready state → FAILED (error); any state → IDLE (close); any state → DESTROYED (final).
// Numbered in lifecycle order (so "still running" and "ended" are range checks); numbers keep the bundle small.
import type { AppMessage } from './protocol';
import type { ProgressType } from './protocol-types';
import type { ContractErrorPayload } from './types';
import { ownValue } from './values';

export const IDLE = 0;
export const LOADING = 1;
export const LOADED = 2;
export const READY = 3;
export const COMPLETED = 4;
export const DECLINED = 5;
export const CANCELLED = 6;
export const FAILED = 7;
export const DESTROYED = 8;
export type State =
  | typeof IDLE
  | typeof LOADING
  | typeof LOADED
  | typeof READY
  | typeof COMPLETED
  | typeof DECLINED
  | typeof CANCELLED
  | typeof FAILED
  | typeof DESTROYED;

/** The two calls that start an attempt: open() shows its frame at once, prepare() keeps it hidden. */
export type Method = 'open' | 'prepare';
/** Who ended the attempt with contract.error: "app" keeps its frame (the signer reads why), "sdk" removes it. */
export type ErrorSource = ContractErrorPayload['source'];

// The state ranges, named as test/model/lifecycle-spec.ts names them (RUNNING, LOADING, REOPENS) and written
// only here, so that a new state is placed in each range once.

/** Loading, loaded or ready: the app may still report an error, a step or activity (before the outcome). */
export const isRunning = (state: State): boolean => state >= LOADING && state <= READY;
/** Loading or loaded: the SDK's own loading failures (timeout, no hello, offline, CSP, token) still apply. */
export const isLoading = (state: State): boolean => state >= LOADING && state <= LOADED;
/** Declined, cancelled or failed: open() or prepare() starts a new attempt (a retry, a resume). */
export const reopens = (state: State): boolean => state >= DECLINED && state <= FAILED;

// Each progress message of the app: the one state it must arrive in (a reloaded app's repeated loaded or ready
// reaches no one twice), and the state it moves the instance to: ProgressType, the table's app messages that count in
// exactly one state (src/protocol-table.ts).
export const PROGRESS: Record<ProgressType, readonly [from: State, to: State]> = {
  loaded: [LOADING, LOADED],
  ready: [LOADED, READY],
  completed: [READY, COMPLETED],
  declined: [READY, DECLINED],
  cancelled: [READY, CANCELLED],
};

/**
 * What a progress message that counts (inOrder) brings: the state it moves the instance to, ready's sessionId (on
 * this and every later payload of the attempt: attempt-ids.ts) and declined's reason (its payload's; none, no key at
 * all). Own values of the parsed message only: what a polluted Object.prototype lends it is absent (issue #51).
 */
export function progress(message: AppMessage): [to: State, sessionId: string | undefined, extra?: { reason: string }] {
  const reason = ownValue(message, 'reason') as string | undefined;
  const to = PROGRESS[message.type as ProgressType][1];
  return [to, ownValue(message, 'sessionId') as string | undefined, reason === undefined ? undefined : { reason }];
}

/**
 * Whether an app message counts in `state` (docs/protocol.md §6, §6.4); anything else is ignored as out of order.
 * `shown`: open() has shown the frame. Not for resize, which counts in any state.
 */
export function inOrder(type: Exclude<AppMessage['type'], 'resize'>, state: State, shown: boolean): boolean {
  if (type === 'error') return isRunning(state); // from the handshake until the outcome
  // The signer's: from loaded until the outcome, and only once open() has shown the frame (not a hidden frame's).
  if (type === 'step' || type === 'activity') return isRunning(state) && state !== LOADING && shown;
  // Only a progress message gets here, so only PROGRESS's own entries are read: it inherits from Object.prototype,
  // which the page may have polluted with a "step" or an "error".
  return state === PROGRESS[type as ProgressType][0];
}
