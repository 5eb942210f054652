// The real SvcContracts in happy-dom, driven by the same steps as the model: each attempt's frame gets a fake app
// window (test/unit/fake-app.ts), the token function hands out promises the steps settle (late ones included),
// timers are vitest's fake ones, and navigator.onLine is what the steps say. observe() reads back what a partner
// page and the app can see, in the model's terms.
import { beforeEach, expect, vi } from 'vitest';
import { SvcContracts } from '../../src';
import { EVENT_NAMES } from '../../src/emitter';
import { focusedElement } from '../../src/focused';
import { APP_ORIGIN, APP_URL, FakeApp, TOKEN, envelope, makeContainer, microtasksDone } from '../unit/fake-app';
import type { Action } from './actions';
import {
  APP_FEATURES,
  MAX_HEIGHT,
  MIN_HEIGHT,
  OTHER_ORIGINS,
  functionToken,
  renewalToken,
  tokenOf,
  type Observation,
  type RunConfig,
} from './lifecycle-spec';

// Every channel the SDK opens, so a step can tell whether the SDK still listens on a port (then it waits until
// the SDK has handled the message) or has closed it (then nothing can arrive, and waiting would never end).
const sdkEndOf = new WeakMap<MessagePort, MessagePort>();
const closedAppEnds = new WeakSet<MessagePort>();
/** What the SDK posted on each port (app's end → messages), read synchronously at the post. */
const sentTo = new WeakMap<MessagePort, unknown[]>();
/** The running instance's check of each SDK → app post (at the moment of posting). */
let onSdkPost: ((appEnd: MessagePort, message: unknown) => void) | undefined;
let online = true;
const logLines: string[] = [];

beforeEach(() => {
  const Traced = globalThis.MessageChannel; // fake-app.ts's tracing one: FakeApp.send needs it too
  vi.stubGlobal(
    'MessageChannel',
    class ClosingTracedMessageChannel extends Traced {
      constructor() {
        super();
        const { port1: sdkEnd, port2: appEnd } = this;
        sdkEndOf.set(appEnd, sdkEnd);
        const sent: unknown[] = [];
        sentTo.set(appEnd, sent);
        const post = sdkEnd.postMessage.bind(sdkEnd);
        sdkEnd.postMessage = (message: unknown) => {
          sent.push(message);
          onSdkPost?.(appEnd, message);
          post(message);
        };
        const close = sdkEnd.close.bind(sdkEnd);
        sdkEnd.close = () => {
          closedAppEnds.add(appEnd);
          close();
        };
      }
    },
  );
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void logLines.push(parts.join(' ')));
});

/** A securitypolicyviolation as browsers fire it when the page's CSP refuses the frame. */
function frameViolation(): Event {
  const event = new Event('securitypolicyviolation', { bubbles: true, composed: true });
  return Object.assign(event, { blockedURI: APP_ORIGIN, effectiveDirective: 'frame-src', disposition: 'enforce' });
}

export class RealInstance {
  readonly container = makeContainer(`model-${Math.random().toString(36).slice(2)}`);
  readonly sdk: SvcContracts;
  /** Per attempt, in order: the fake app in its frame. */
  readonly apps: FakeApp[] = [];
  readonly tokenCalls: Array<{ resolve: (value: string) => void; reject: (reason: unknown) => void }> = [];
  /** The token function's renewal calls (made while an app's renew was being handled), with their attempt. */
  readonly renewalCalls: Array<{
    attempt: number;
    resolve: (value: string) => void;
    reject: (reason: unknown) => void;
  }> = [];
  /** Per renewal call, its attempt; and how many renewal calls were settled (the kth gives renewalToken(k)). */
  readonly renewalsAsked: number[] = [];
  renewalsIssued = 0;
  /** Each renewed token the SDK posted anywhere but the newest port of the frame in the container. */
  readonly misdirected: string[] = [];
  /** The attempt whose app's renew the SDK is handling, while it does. */
  private renewing: number | undefined;
  readonly opens: Array<Promise<void>> = [];
  readonly settled = new Map<Promise<void>, string>();
  readonly events: Observation['events'] = [];
  readonly every: string[] = [];
  readonly once: string[] = [];
  readonly thrown: string[] = [];
  /** Each step as played (a `proceed` as the step it became), for the failure message. */
  readonly played: string[] = [];
  /** The second handler and the once() handler, one function per event (added twice, a function runs once). */
  readonly everyHandlers = new Map(EVENT_NAMES.map((name) => [name, () => void this.every.push(name)]));
  readonly onceHandlers = new Map(EVENT_NAMES.map((name) => [name, () => void this.once.push(name)]));
  /** Each performance.measure call, with the attempt whose frame was the newest then (the SDK's current one). */
  readonly measures: Observation['measures'] = [];
  /** The run's other instances (construct steps) and their containers. */
  readonly others: Array<{ sdk: SvcContracts; container: HTMLElement }> = [];
  /** How many times open() was called (directly or from a handler): only open() may show a frame. */
  openCalls = 0;

  constructor(readonly config: RunConfig) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
    setVisibility('visible');
    onSdkPost = (appEnd, message) => {
      if ((message as { type?: string }).type !== 'renewed') return;
      const app = this.apps.at(-1);
      if (!app?.iframe.isConnected || this.portsOf(app).at(-1) !== appEnd)
        this.misdirected.push(this.played.join(', '));
    };
    // The fake performance's measure, which the SDK looks up at each call.
    vi.spyOn(performance, 'measure').mockImplementation((name: string) => {
      this.measures.push([this.apps.length - 1, name]);
      return undefined as unknown as PerformanceMeasure;
    });
    online = true;
    logLines.length = 0;
    const appendChild = this.container.appendChild.bind(this.container);
    // Each attempt appends its frame: that is where the attempt's app starts (before any message can arrive).
    this.container.appendChild = <T extends Node>(node: T): T => {
      if (node instanceof HTMLIFrameElement) this.apps.push(new FakeApp(node));
      return appendChild(node);
    };
    this.sdk = new SvcContracts(this.container, {
      signingToken:
        config.token === 'string'
          ? tokenOf(config, 0)
          : () =>
              new Promise<string>((resolve, reject) => {
                if (this.renewing === undefined) this.tokenCalls.push({ resolve, reject });
                else {
                  this.renewalsAsked.push(this.renewing);
                  this.renewalCalls.push({ attempt: this.renewing, resolve, reject });
                }
              }),
      appUrl: APP_URL,
      debug: true,
      loadTimeout: config.loadTimeout,
      // The model is the lifecycle of attempts; the warm frame before the first one is test/unit/warm-frame.test.ts's.
      warm: false,
      ...(config.contractId === undefined ? {} : { contractId: config.contractId }),
      ...(config.autoHeight ? { height: 'auto', minHeight: MIN_HEIGHT, maxHeight: MAX_HEIGHT } : {}),
    });
    // Each attemptId as the number of the attempt it names, in the order first seen: one new id per attempt.
    const attemptIds: string[] = [];
    for (const name of EVENT_NAMES) {
      this.sdk.on(name, ({ attemptId, ...payload }) => {
        if (!attemptIds.includes(attemptId)) attemptIds.push(attemptId);
        this.events.push([name, { ...payload, attempt: attemptIds.indexOf(attemptId) }]);
      });
    }
  }

  async perform(action: Action): Promise<void> {
    await this.do(action);
    await microtasksDone(); // token promises and open()'s settle
  }

  private async do(action: Action): Promise<void> {
    const sdk = this.sdk;
    switch (action.kind) {
      case 'proceed':
        throw new Error('proceed is resolved by the model before it is performed');
      case 'open':
        return this.open();
      case 'prepare':
        return this.track(sdk.prepare());
      case 'construct': {
        const container = makeContainer(`model-other-${Math.random().toString(36).slice(2)}`);
        this.others.push({
          container,
          sdk: new SvcContracts(container, { signingToken: TOKEN, appUrl: OTHER_ORIGINS[action.origin], warm: false }),
        });
        return;
      }
      case 'destroyOther':
        return this.others[action.index]?.sdk.destroy();
      case 'reenter':
        try {
          sdk.once(action.event as 'contract.ready', () => {
            if (action.call === 'open') this.open();
            else if (action.call === 'prepare') this.track(sdk.prepare());
            else sdk[action.call]();
          });
        } catch (error) {
          this.thrown.push((error as Error).message);
        }
        return;
      case 'close':
      case 'destroy':
      case 'focus':
        return sdk[action.kind]();
      case 'on':
      case 'off':
        try {
          for (const name of EVENT_NAMES) {
            const handler = (action.handler === 'every' ? this.everyHandlers : this.onceHandlers).get(name)!;
            if (action.kind === 'off') sdk.off(name, handler);
            else if (action.handler === 'every') sdk.on(name, handler);
            else sdk.once(name, handler);
          }
        } catch (error) {
          this.thrown.push((error as Error).message);
        }
        return;
      case 'detach':
        return this.container.remove();
      case 'attach':
        return void document.body.append(this.container);
      case 'offline':
      case 'online':
        online = action.kind === 'online';
        return void window.dispatchEvent(new Event(action.kind));
      case 'csp':
        return void document.dispatchEvent(frameViolation());
      case 'advance':
        return void vi.advanceTimersByTime(action.ms);
      case 'hidden':
      case 'visible':
        setVisibility(action.kind);
        return void document.dispatchEvent(new Event('visibilitychange'));
      case 'renewal': {
        const attempt = this.apps.length - 1 - action.attemptsAgo;
        const at = this.renewalCalls.findIndex((call) => call.attempt === attempt);
        if (at < 0) return;
        const [call] = this.renewalCalls.splice(at, 1);
        const k = this.renewalsIssued++;
        if (action.outcome === 'reject') call!.reject(new Error(`backend down for ${renewalToken(k)}`));
        else call!.resolve(renewalToken(k));
        return;
      }
      case 'token': {
        const n = this.tokenCalls.length - 1 - action.attemptsAgo;
        const call = this.tokenCalls[n];
        if (!call) return;
        if (action.outcome === 'reject') call.reject(new Error(`backend down for ${functionToken(n)}`));
        else call.resolve(action.outcome === 'empty' ? ' ' : functionToken(n));
        return;
      }
      default:
        return this.doApp(action);
    }
  }

  private open(): void {
    this.openCalls += 1;
    this.track(this.sdk.open());
  }

  /** Records what open() or prepare() returned and how it settles. */
  private track(opened: Promise<void>): void {
    this.opens.push(opened);
    if (this.settled.has(opened)) return;
    this.settled.set(opened, 'pending');
    opened.then(
      () => this.settled.set(opened, this.settled.get(opened) === 'pending' ? 'resolved' : 'settled twice'),
      (error: Error) => this.settled.set(opened, `rejected: ${error.message}`),
    );
  }

  private async doApp(action: Extract<Action, { kind: 'hello' | 'load' | 'send' }>): Promise<void> {
    const n = this.apps.length - 1 - action.attemptsAgo;
    const app = this.apps[n];
    if (!app) return;
    if (action.kind === 'load') return void app.iframe.dispatchEvent(new Event('load'));
    if (action.kind === 'hello') {
      if (action.variant === 'wrong origin') return app.post(envelope('hello'), 'https://evil.test');
      return app.post(
        envelope('hello', action.variant === 'no common version' ? { versions: [2] } : { features: APP_FEATURES }),
      );
    }
    const ports = app.window.postMessage.mock.calls.map((call) => (call[2] as MessagePort[])[0]);
    const port = ports.at(action.stalePort ? -2 : -1);
    if (!port) return;
    // "<token>" in a field stands for this attempt's token (the app echoing it, by mistake or not); "<a piece of
    // the token>" for 12 characters of it.
    const token = tokenOf(this.config, n);
    const extra = Object.fromEntries(
      Object.entries(action.extra).map(([key, value]) => [
        key,
        typeof value === 'string'
          ? value.replace('<token>', token).replace('<a piece of the token>', token.slice(4, 16))
          : value,
      ]),
    );
    const data =
      action.message === 'malformed' ? { protocol: 'svc-contracts', version: 1 } : envelope(action.message, extra);
    if (closedAppEnds.has(port)) return port.postMessage(data); // the SDK closed its end: nothing arrives
    const sdkEnd = sdkEndOf.get(port)!;
    const handled = new Promise<void>((resolve) => sdkEnd.addEventListener('message', () => resolve(), { once: true }));
    if (action.message === 'renew') this.renewing = n;
    port.postMessage(data);
    await handled;
    this.renewing = undefined;
  }

  observe(): Observation {
    const frames = [...this.container.querySelectorAll('iframe')].map((frame) =>
      this.apps.findIndex((app) => app.iframe === frame),
    );
    return {
      events: this.events,
      every: this.every,
      once: this.once,
      frames: frames.sort((a, b) => a - b),
      inits: this.apps.map((app) =>
        app.window.postMessage.mock.calls.map(([message, targetOrigin]) => {
          expect(message).toMatchObject({ protocol: 'svc-contracts', type: 'init' });
          return { token: (message as { signingToken: string }).signingToken, targetOrigin: targetOrigin as string };
        }),
      ),
      opens: this.opens.map((opened) => ({ same: this.opens.indexOf(opened), settled: this.settled.get(opened)! })),
      thrown: this.thrown,
      heights: this.apps.map((app) => app.iframe.style.height),
      displays: this.displays(),
      measures: this.measures,
      sent: this.apps.map((app) =>
        this.portsOf(app).flatMap((port, p) =>
          (sentTo.get(port) ?? [])
            .map((message) => message as { type: string; signingToken?: string })
            .filter(({ type }) => ['renewed', 'ping'].includes(type))
            .map(({ type, signingToken }) => `${p}:${type}${signingToken === undefined ? '' : ` ${signingToken}`}`),
        ),
      ),
      renewals: this.apps.map((_, n) => this.renewalsAsked.filter((attempt) => attempt === n).length),
    };
  }

  /** The app's ends of the ports its inits carried, oldest first. */
  private portsOf(app: FakeApp): MessagePort[] {
    return app.window.postMessage.mock.calls.map((call) => (call[2] as MessagePort[])[0]!);
  }

  /** Per attempt: its iframe's inline display. */
  displays(): string[] {
    return this.apps.map((app) => app.iframe.style.display);
  }

  /** The iframes in the container (whichever attempt they belong to). */
  framesInContainer(): number {
    return this.container.querySelectorAll('iframe').length;
  }

  /** The attempt whose frame holds the keyboard focus, or -1. */
  focusedAttempt(): number {
    return this.apps.findIndex((app) => app.iframe === focusedElement());
  }

  /** Everything a partner's page can read: the DOM, events, logs, thrown and rejected messages. */
  visibleText(): string {
    return [
      document.documentElement.outerHTML,
      ...this.apps.map((app) => app.iframe.src),
      JSON.stringify(this.events),
      ...logLines,
      ...this.thrown,
      ...this.settled.values(),
    ].join('\n');
  }

  /** The tokens issued so far (the string, or each attempt's from the function, and each renewal's). */
  tokens(): string[] {
    const renewed = Array.from({ length: this.renewalsIssued }, (_, k) => renewalToken(k));
    return this.config.token === 'string'
      ? [tokenOf(this.config, 0)]
      : [...this.tokenCalls.map((_, n) => functionToken(n)), ...renewed];
  }

  dispose(): void {
    this.sdk.destroy();
    this.container.remove();
    for (const other of this.others) {
      other.sdk.destroy();
      other.container.remove();
    }
    vi.useRealTimers();
    setVisibility('visible');
  }
}

function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  Object.defineProperty(document, 'hidden', { value: state === 'hidden', configurable: true });
}
