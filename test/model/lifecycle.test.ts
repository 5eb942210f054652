// The real SvcContracts against the model of its documented lifecycle (lifecycle-model.ts): fast-check runs
// random sequences of partner calls (prepare() and open() too, also from inside event handlers; other instances
// constructed and destroyed beside it), app messages (also from earlier attempts' apps and closed ports), token
// function settlements (also late), timers and network changes, and after every step compares what the page and
// the app see, and checks the invariants: at most one iframe, a prepared frame shown only by open(). The other
// instances share nothing with it: the comparison shows that constructing or destroying one changes nothing it
// does. A failure prints the seed, the path and the shortest sequence found; keep it as a test in
// regressions.test.ts. More examples, replays: runs.ts and docs/development.md.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionArbitrary, describeAction, nextStep, perform, type Action } from './actions';
import { LifecycleModel } from './lifecycle-model';
import type { RunConfig } from './lifecycle-spec';
import { RealInstance } from './real-instance';
import { COMMANDS_REPLAY_PATH, PROPERTY_TIMEOUT_MS, runs } from './runs';

class Step implements fc.AsyncCommand<LifecycleModel, RealInstance> {
  constructor(readonly action: Action) {}

  check(): boolean {
    return true; // every step may come at any time: the model says what it must do then
  }

  async run(model: LifecycleModel, real: RealInstance): Promise<void> {
    const action = this.action.kind === 'proceed' ? nextStep(model) : this.action;
    real.played.push(describeAction(action));
    const displays = real.displays();
    const openCalls = real.openCalls;
    const before = { phase: model.phase, visible: model.visible, events: real.events.length };
    await real.perform(action);
    perform(model, action);
    try {
      const seen = real.observe();
      expect(seen).toEqual(model.observe());
      expect(real.framesInContainer(), 'at most one iframe').toBeLessThanOrEqual(1);
      // A prepared (hidden) frame is shown only by an open() call of this step; a shown frame is never hidden again.
      seen.displays.forEach((now, n) => {
        if (displays[n] === 'block') expect(now, `attempt ${n}'s shown frame was hidden`).toBe('block');
        else if (now !== 'none')
          expect(real.openCalls, `attempt ${n}'s frame was shown without open()`).toBeGreaterThan(openCalls);
      });
      // The watchdog reports only a ready, shown attempt on a visible page (docs/protocol.md §6.6).
      for (const [name, payload] of real.events.slice(before.events)) {
        if (name !== 'contract.error' || payload.code !== 'app_unresponsive') continue;
        expect(before, 'app_unresponsive while hidden or after an outcome').toMatchObject({
          phase: 'ready',
          visible: true,
        });
      }
      // A renewed token goes only to the newest port of the current attempt's frame (docs/protocol.md §6.7).
      expect(real.misdirected, 'a renewed token sent to another port').toEqual([]);
      const visible = real.visibleText();
      for (const token of real.tokens()) expect(visible, 'a token is visible to the page').not.toContain(token);
      // The app can never pull the focus into its frame by itself (docs/protocol.md §6.2).
      const focused = real.focusedAttempt();
      if (focused >= 0)
        expect(model.focusCalls.has(focused), `attempt ${focused}'s frame took the focus without focus()`).toBe(true);
    } catch (error) {
      // The counterexample prints `proceed` as such: this says which step each one played in the failing run.
      (error as Error).message = `Steps played: ${real.played.join(', ')}\n${(error as Error).message}`;
      throw error;
    }
  }

  toString(): string {
    return describeAction(this.action);
  }
}

const configArbitrary: fc.Arbitrary<RunConfig> = fc.record({
  start: fc.constantFrom('open' as const, 'prepare' as const),
  token: fc.constantFrom('string' as const, 'function' as const),
  autoHeight: fc.boolean(),
  loadTimeout: fc.constantFrom(1000, 5000, 30000),
  contractId: fc.constantFrom(undefined, 'c-42'),
});

/** Runs `actions` on a fresh model and a fresh real instance, comparing after every step. */
async function check(config: RunConfig, steps: Iterable<fc.AsyncCommand<LifecycleModel, RealInstance>>): Promise<void> {
  const real = new RealInstance(config);
  try {
    await fc.asyncModelRun(() => ({ model: new LifecycleModel(config), real }), steps);
  } finally {
    real.dispose();
  }
}

describe('the lifecycle model', () => {
  it(
    'any sequence of calls, app messages, token settlements, timers and network changes does what the docs say',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          configArbitrary,
          fc.commands([actionArbitrary.map((action) => new Step(action))], {
            maxCommands: 40,
            size: 'medium',
            replayPath: COMMANDS_REPLAY_PATH,
          }),
          check,
        ),
        runs(150),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
