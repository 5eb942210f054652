// The sandbox scenarios (docs/sandbox.md): a signing token `sbx_<scenario>_<anything>` picks how the
// signing app behaves. Any other token behaves as `not_found`, like an unknown token in production.

/** What the app does for each scenario once it has the token, in the order the docs table lists them. */
export const SCENARIOS = {
  complete: { kind: 'contract' },
  not_found: {
    kind: 'error',
    code: 'not_found',
    loaded: true,
    message: 'This signing link is invalid or the contract is no longer available.',
  },
  verification_required: {
    kind: 'error',
    code: 'verification_required',
    loaded: true,
    message: 'The signer must verify their identity before signing.',
  },
  verification_limit_exceeded: {
    kind: 'error',
    code: 'verification_limit_exceeded',
    loaded: true,
    // Not 'verification': the scenario's tokens spell it, and app text holding 8 characters of the token is
    // dropped (docs/protocol.md §6.1).
    message: 'All identity check attempts are used up; signing cannot proceed.',
  },
  // "Failed to initialise": the app never reaches a working state, so it sends no `loaded`.
  loading_error: {
    kind: 'error',
    code: 'loading_error',
    loaded: false,
    message: 'The signing experience failed to initialise.',
  },
  silent: { kind: 'silent' },
  // A code the SDK does not know: proves the SDK passes open-ended codes through unchanged.
  unknown_code: {
    kind: 'error',
    code: 'rate_limited',
    loaded: true,
    message: 'Too many requests for this contract; try again later.',
  },
  flaky: { kind: 'flaky' },
  slow: { kind: 'slow' },
  // Loads and then never becomes ready (an app stuck after loading): the state between loaded and ready, held.
  stalled: { kind: 'stalled' },
  // The app reloads itself once after `loaded` (as after a crash), then works: the SDK's session recovery.
  reload: { kind: 'reload' },
  // 1.3.0 (docs/protocol.md §6.6, §6.7): the session expires after `expireMs` unless the SDK renews the token.
  expire: { kind: 'expire' },
  // Ready, then a second later a busy loop freezes the app (no more heartbeats), or it navigates its frame to a
  // page that never answers (a crashed app).
  freeze: { kind: 'freeze' },
  crash: { kind: 'crash' },
};

/** How long after ready the `freeze` and `crash` scenarios fail. */
export const FAULT_AFTER_MS = 1000;

export const SCENARIO_NAMES = Object.keys(SCENARIOS);

// Scenario names contain underscores themselves, so match the longest known name after `sbx_`.
const BY_LENGTH = [...SCENARIO_NAMES].sort((a, b) => b.length - a.length);

/** The scenario a token selects: `sbx_<scenario>_<anything>` (anything may be empty), else `not_found`. */
export function scenarioOf(token) {
  if (typeof token !== 'string' || !token.startsWith('sbx_')) return 'not_found';
  const rest = token.slice(4);
  return BY_LENGTH.find((name) => rest.startsWith(name + '_')) ?? 'not_found';
}

/**
 * The signing app's public behaviour for a scenario, resolved against the session's place: `firstInit` (the
 * token's first session) and `firstOfApplication` (its application's first, with whichever token).
 */
export function behaviourFor(scenario, { firstInit, firstOfApplication, slowReadyMs, expireMs }) {
  // Keyed by application: a retry recovers even when each attempt fetches a new token (signingToken as a function).
  if (scenario === 'flaky') return firstOfApplication ? SCENARIOS.loading_error : SCENARIOS.complete;
  if (scenario === 'slow') return { kind: 'contract', readyDelayMs: slowReadyMs };
  if (scenario === 'stalled') return { kind: 'contract', neverReady: true };
  if (scenario === 'reload') return { kind: 'contract', reloadOnce: firstInit };
  if (scenario === 'expire') return { kind: 'contract', expiresInMs: expireMs };
  if (scenario === 'freeze') return { kind: 'contract', freezeAfterMs: FAULT_AFTER_MS };
  if (scenario === 'crash') return { kind: 'contract', crashAfterMs: FAULT_AFTER_MS };
  return SCENARIOS[scenario] ?? SCENARIOS.not_found;
}
