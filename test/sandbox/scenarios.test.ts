// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { behaviourFor, SCENARIO_NAMES, scenarioOf } from '../../demo/server/service/scenarios.mjs';
import { createTokenStore } from '../../demo/server/service/token-store.mjs';

describe('sandbox scenarios', () => {
  it('reads the scenario from sbx_<scenario>_<anything>, including names with underscores', () => {
    expect(scenarioOf('sbx_complete_abc')).toBe('complete');
    expect(scenarioOf('sbx_complete_')).toBe('complete');
    expect(scenarioOf('sbx_verification_limit_exceeded_x_y')).toBe('verification_limit_exceeded');
    expect(scenarioOf('sbx_verification_required_1')).toBe('verification_required');
    expect(scenarioOf('sbx_unknown_code_1')).toBe('unknown_code');
  });

  it('treats every other token as not_found', () => {
    for (const token of ['sbx_complete', 'sbx_nope_1', 'complete_1', 'SBX_complete_1', '', 'tok_abc', undefined]) {
      expect(scenarioOf(token)).toBe('not_found');
    }
  });

  it("flaky fails with loading_error on the application's first init only, whatever the token's; slow waits before ready", () => {
    expect(behaviourFor('flaky', { firstInit: true, firstOfApplication: true, slowReadyMs: 10 })).toMatchObject({
      kind: 'error',
      code: 'loading_error',
      loaded: false,
    });
    // A new token (its own first init) for an application that already had an attempt: recovered.
    expect(behaviourFor('flaky', { firstInit: true, firstOfApplication: false, slowReadyMs: 10 })).toEqual({
      kind: 'contract',
    });
    expect(behaviourFor('flaky', { firstInit: false, firstOfApplication: false, slowReadyMs: 10 })).toEqual({
      kind: 'contract',
    });
    expect(behaviourFor('slow', { firstInit: true, slowReadyMs: 2500 })).toEqual({
      kind: 'contract',
      readyDelayMs: 2500,
    });
    expect(behaviourFor('unknown_code', { firstInit: true, slowReadyMs: 0 })).toMatchObject({ code: 'rate_limited' });
  });

  it('reload reloads the app once, on the first init only', () => {
    expect(behaviourFor('stalled', { firstInit: true, slowReadyMs: 0 })).toEqual({
      kind: 'contract',
      neverReady: true,
    });
    expect(behaviourFor('reload', { firstInit: true, slowReadyMs: 0 })).toEqual({ kind: 'contract', reloadOnce: true });
    expect(behaviourFor('reload', { firstInit: false, slowReadyMs: 0 })).toEqual({
      kind: 'contract',
      reloadOnce: false,
    });
  });

  it('expire ends the session after expireMs; freeze and crash fail a second after ready (1.3.0)', () => {
    expect(behaviourFor('expire', { firstInit: true, slowReadyMs: 0, expireMs: 2500 })).toEqual({
      kind: 'contract',
      expiresInMs: 2500,
    });
    expect(behaviourFor('freeze', { firstInit: true, slowReadyMs: 0 })).toEqual({
      kind: 'contract',
      freezeAfterMs: 1000,
    });
    expect(behaviourFor('crash', { firstInit: true, slowReadyMs: 0 })).toEqual({
      kind: 'contract',
      crashAfterMs: 1000,
    });
    expect(scenarioOf('sbx_expire_abc')).toBe('expire');
  });

  it('error codes obey the protocol shape', () => {
    for (const name of SCENARIO_NAMES) {
      const behaviour = behaviourFor(name, { firstInit: true, slowReadyMs: 0 });
      if (behaviour.kind === 'error') expect(behaviour.code).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
    }
  });
});

describe('token store', () => {
  it('issues unique tokens of the documented form and remembers their application', () => {
    const store = createTokenStore();
    const a = store.issue({ scenario: 'slow', applicationId: 'app-1' });
    const b = store.issue({ scenario: 'slow', applicationId: 'app-1' });
    expect(a.token).toMatch(/^sbx_slow_[A-Za-z0-9_-]{24}$/);
    expect(a.token).not.toBe(b.token);
    expect(store.lookup(a.token)).toMatchObject({ applicationId: 'app-1', scenario: 'slow' });
  });

  it('keeps per-token state for ad-hoc sandbox tokens and refuses others', () => {
    const store = createTokenStore();
    const first = store.lookup('sbx_flaky_mine');
    first!.initCount += 1;
    expect(store.lookup('sbx_flaky_mine')!.initCount).toBe(1);
    expect(store.lookup('sbx_flaky_other')!.initCount).toBe(0);
    expect(store.lookup('tok_abc')).toBeUndefined();
  });

  it("counts sessions per token and per application: a new token's first session is not its application's", () => {
    const store = createTokenStore();
    const a = store.issue({ scenario: 'flaky', applicationId: 'app-3' });
    const b = store.issue({ scenario: 'flaky', applicationId: 'app-3' });
    expect(store.startSession(a)).toEqual({ firstInit: true, firstOfApplication: true });
    expect(store.startSession(b)).toEqual({ firstInit: true, firstOfApplication: false });
    expect(store.startSession(a)).toEqual({ firstInit: false, firstOfApplication: false });
    // Ad-hoc tokens each stand for an application of their own.
    expect(store.startSession(store.lookup('sbx_flaky_typed')!)).toEqual({ firstInit: true, firstOfApplication: true });
    expect([a.initCount, b.initCount]).toEqual([2, 1]);
  });

  it('expires issued tokens after an hour', () => {
    let now = 0;
    const store = createTokenStore({ now: () => now });
    const { token } = store.issue({ scenario: 'complete', applicationId: 'app-2' });
    now = 59 * 60 * 1000;
    expect(store.lookup(token)).toBeDefined();
    now = 61 * 60 * 1000;
    expect(store.lookup(token)).toBeUndefined();
  });
});
