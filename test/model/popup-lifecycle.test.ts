// display: 'popup' against a small model of its documented lifecycle (docs/popup.md): fast-check runs random
// sequences of the partner's open() (the browser letting the window open or blocking it), close() and destroy(),
// the app's hello, ready and completed, the signer closing the window (soon or late after open()) and time, and
// after every step compares the events, the windows opened and which are still open. The frame lifecycle has its
// own model (lifecycle.test.ts); this one covers what only a window does.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEVERED_WITHIN_MS } from '../../src/popup';
import { FakeApp, TOKEN, create, envelope, makeContainer, microtasksDone } from '../unit/fake-app';
import { PROPERTY_TIMEOUT_MS, runs } from './runs';

type Action =
  | { kind: 'open'; blocked: boolean }
  | { kind: 'hello' | 'ready' | 'completed' | 'close' | 'destroy' }
  | { kind: 'signerCloses'; afterMs: number }
  | { kind: 'advance'; ms: number };

const POLL_MS = 250;

/** What the docs promise, step by step. */
class PopupModel {
  state: 'idle' | 'loading' | 'ready' | 'completed' | 'cancelled' | 'failed' | 'destroyed' = 'idle';
  events: string[] = [];
  opened = 0;
  /** Per opened window: whether it is still open. */
  open: boolean[] = [];
  heard = false;
  now = 0;
  openedAt = 0;

  perform(action: Action): void {
    const current = this.opened - 1;
    const running = this.state === 'loading' || this.state === 'ready';
    switch (action.kind) {
      case 'open':
        if (this.state === 'destroyed' || running || this.state === 'completed') return;
        this.closeCurrent();
        if (action.blocked) {
          this.events.push('error:popup_blocked');
          this.state = 'failed';
          return;
        }
        this.opened += 1;
        this.open.push(true);
        this.heard = false;
        this.openedAt = this.now;
        this.events.push('loading');
        this.state = 'loading';
        return;
      case 'hello':
        if (this.state === 'loading' && this.open[current] && !this.heard) this.heard = true;
        return;
      case 'ready':
        if (this.state === 'loading' && this.heard) {
          this.events.push('loaded', 'ready');
          this.state = 'ready';
        }
        return;
      case 'completed':
        if (this.state === 'ready') {
          this.events.push('completed');
          this.state = 'completed';
        }
        return;
      case 'signerCloses': {
        this.now += action.afterMs;
        if (current < 0 || !this.open[current]) return void (this.now += POLL_MS);
        this.open[current] = false;
        // The poll finds it at its next tick after the signer closed it.
        const found = POLL_MS * (Math.floor((this.now - this.openedAt) / POLL_MS) + 1);
        this.now += POLL_MS;
        if (!running) return;
        if (!this.heard && found < SEVERED_WITHIN_MS) {
          this.events.push('error:loading_error');
          this.state = 'failed';
        } else {
          this.events.push('cancelled');
          this.state = 'cancelled';
        }
        return;
      }
      case 'advance':
        this.now += action.ms;
        return;
      case 'close':
        if (this.state === 'destroyed') return;
        this.closeCurrent();
        this.state = 'idle';
        return;
      case 'destroy':
        if (this.state === 'destroyed') return;
        this.closeCurrent();
        this.state = 'destroyed';
    }
  }

  private closeCurrent(): void {
    if (this.opened > 0) this.open[this.opened - 1] = false;
  }
}

type FakeWindow = { postMessage: ReturnType<typeof vi.fn>; closed: boolean; close(): void; focus(): void };

/** The real instance with display "popup", each window.open answered by a fake window (or null: blocked). */
class RealPopup {
  readonly container = makeContainer();
  readonly sdk = create({ display: 'popup', signingToken: TOKEN, loadTimeout: 2147483647 }, this.container);
  readonly events: string[] = [];
  readonly windows: Array<{ app: FakeApp; window: FakeWindow }> = [];
  blocked = false;
  heard = false;

  constructor() {
    vi.spyOn(window, 'open').mockImplementation(() => {
      if (this.blocked) return null;
      const app = new FakeApp(document.createElement('iframe'));
      const fake = Object.assign(app.window, {
        closed: false,
        close: () => void (fake.closed = true),
        focus: () => undefined,
      }) as FakeWindow;
      this.windows.push({ app, window: fake });
      return fake as unknown as Window;
    });
    for (const name of ['loading', 'loaded', 'ready', 'completed', 'cancelled', 'error'] as const) {
      this.sdk.on(`contract.${name}`, (payload) =>
        this.events.push(name === 'error' ? `error:${(payload as { code: string }).code}` : name),
      );
    }
  }

  async perform(action: Action, model: PopupModel): Promise<void> {
    const current = this.windows.at(-1);
    switch (action.kind) {
      case 'open':
        this.blocked = action.blocked;
        void this.sdk.open().catch(() => undefined); // rejects only after destroy()
        if (this.windows.at(-1) !== current) this.heard = false;
        return;
      case 'hello':
        // Only where the model's app can greet: the current window, still loading, not yet greeted.
        if (model.state === 'loading' && current && !current.window.closed && !this.heard) {
          current.app.handshake();
          this.heard = true;
        }
        return;
      case 'ready':
        if (model.state === 'loading' && this.heard) {
          await current!.app.send(envelope('loaded'));
          await current!.app.send(envelope('ready'));
        }
        return;
      case 'completed':
        if (model.state === 'ready') await current!.app.send(envelope('completed'));
        return;
      case 'signerCloses':
        vi.advanceTimersByTime(action.afterMs);
        if (current) current.window.closed = true;
        vi.advanceTimersByTime(POLL_MS);
        return;
      case 'advance':
        vi.advanceTimersByTime(action.ms);
        return;
      case 'close':
        this.sdk.close();
        return;
      case 'destroy':
        this.sdk.destroy();
    }
  }
}

const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('open' as const), blocked: fc.boolean() }) },
  { weight: 3, arbitrary: fc.constantFrom({ kind: 'hello' as const }, { kind: 'ready' as const }) },
  { weight: 1, arbitrary: fc.constantFrom({ kind: 'completed' as const }, { kind: 'close' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('signerCloses' as const), afterMs: fc.constantFrom(0, 1000, 2600, 3000) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(100, 2000) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'destroy' as const }) },
);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => vi.restoreAllMocks());

describe('the display "popup" lifecycle model', () => {
  it(
    'open (opened or blocked), the app, the signer closing the window, close, destroy and time do what the docs say',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(actionArbitrary, { maxLength: 30 }), async (actions) => {
          vi.setSystemTime(0);
          const model = new PopupModel();
          const real = new RealPopup();
          try {
            for (const action of actions) {
              await real.perform(action, model);
              model.perform(action);
              await microtasksDone();
              expect(real.events, JSON.stringify(actions)).toEqual(model.events);
              expect(real.windows.map((w) => !w.window.closed)).toEqual(model.open);
              expect(real.container.childNodes, 'the container holds nothing').toHaveLength(0);
            }
          } finally {
            real.sdk.destroy();
            vi.restoreAllMocks();
          }
        }),
        runs(100),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
