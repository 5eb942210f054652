// The instance's lifecycle as one table: the named states and the only transitions the app's progress messages
// make. Everything else (open, close, destroy, errors) sets a state directly in svc-contracts.ts.
//
// IDLE → LOADING (open) → LOADED → READY → COMPLETED, DECLINED or CANCELLED (each ends the attempt and keeps the
// frame); any loading or ready state → FAILED (error); any state → IDLE (close); any state → DESTROYED (final).
// Numbered in lifecycle order (so "still running" and "ended" are range checks); numbers keep the bundle small.

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

// Each progress message of the app: the state it must arrive in, and the state it moves the instance to.
export const PROGRESS: Record<
  'loaded' | 'ready' | 'completed' | 'declined' | 'cancelled',
  readonly [from: State, to: State]
> = {
  loaded: [LOADING, LOADED],
  ready: [LOADED, READY],
  completed: [READY, COMPLETED],
  declined: [READY, DECLINED],
  cancelled: [READY, CANCELLED],
};
