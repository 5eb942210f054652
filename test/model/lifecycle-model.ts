// The documented lifecycle of one SvcContracts instance as a small state machine (rules: lifecycle-spec.ts): after
// every step it predicts what the partner and the app must see. It is the specification, not a copy of src/:
// where the two disagree, lifecycle.test.ts fails with the steps that show it.
import { EVENT_NAMES } from '../../src/emitter';
import { frameBlockedMessage, noHelloMessage } from '../../src/load-failure';
import { NO_TOKEN } from '../../src/token';
import { APP_ORIGIN } from '../unit/fake-app';
import {
  ACTIVITY_INTERVAL_MS,
  APP_MESSAGES,
  CHECK_EVERY_MS,
  EXPECTED_CODE,
  EXPECTED_MESSAGE,
  HELLO_AFTER_LOAD_MS,
  LOADING,
  MAX_HEIGHT,
  MAX_RENEWALS,
  MAX_STEPS,
  MIN_HEIGHT,
  NEWER_SDK,
  OFFLINE,
  PING_AT_CHECK,
  REOPENS,
  RUNNING,
  UNRESPONSIVE_AT_CHECK,
  WAIT_MEASURES,
  afterDestroy,
  detached,
  notReady,
  renewalToken,
  tokenOf,
  type AppMessageRule,
  type AppMessageType,
  type Observation,
  type Phase,
  type RunConfig,
} from './lifecycle-spec';

interface Attempt {
  /** The attempt's token: known at once (string), or once its function settles. */
  token: 'pending' | 'known' | 'failed';
  /** Listeners, timers and port still live (ended by a failure, close(), a retry or destroy()). */
  live: boolean;
  heard: boolean;
  /** A hello arrived while the token was pending: the init goes out when it settles. */
  waiting: boolean;
  ports: number;
  /** The token each init carried: the attempt's own, or the last one a renewal sent (docs/protocol.md §6.7). */
  inits: string[];
  token0: string;
  renewedToken: string | undefined;
  /** A renewal call of the token function is in flight; how many the attempt made. */
  renewing: boolean;
  renewals: number;
  /** What the SDK sent over the ports besides init and focus (Observation.sent). */
  sent: string[];
  /** The watchdog (docs/protocol.md §6.6): its next check (from the first beat on), the last, the silent ones. */
  nextCheck: number | undefined;
  lastCheck: number;
  silentChecks: number;
  /** Deadlines of the attempt's timers (loadTimeout from open(), 3 s from the first document's load). */
  loadDeadline: number;
  helloDeadline: number | undefined;
  helloTimerArmed: boolean;
  height: string;
  /** When open() showed the frame (undefined while prepared): the one clock of contract.step's elapsedMs. */
  shownAt: number | undefined;
  /** The step names the partner received in this attempt: each at most once. */
  steps: Set<string>;
  /** activity messages that reached the SDK (throttled or not). */
  activityReports: number;
  /** Started by prepare(): hidden until an open() shows it (README: prepare()). Once shown, never hidden again. */
  shown: boolean;
  /** How many of WAIT_MEASURES the attempt has recorded: each once, only while shown, up to the phase reached. */
  measured: number;
}

export class LifecycleModel {
  phase: Phase = 'idle';
  destroyed = false;
  attempts: Attempt[] = [];
  /** The attempt the instance holds (its frame, channel, timers), or -1. */
  current = -1;
  events: Observation['events'] = [];
  every: string[] = [];
  once: string[] = [];
  /** Per event, its handlers in the order they were added: the emitter calls them in that order. */
  listeners = new Map<string, Listener[]>(EVENT_NAMES.map((name) => [name, ['recorder']]));
  opens: Array<{ same: number; settled: string }> = [];
  /** The open() call whose promise later calls return; and the one that settles at ready, error or close. */
  pending: number | undefined;
  toSettle: number | undefined;
  thrown: string[] = [];
  now = 0;
  /** No contract.activity before this time (per instance, across attempts). */
  quietUntil = 0;
  online = true;
  attached = true;
  /** Attempts during which the partner called focus(): only their frame may ever hold the focus. */
  focusCalls = new Set<number>();
  framesInContainer = new Set<number>();
  measures: Observation['measures'] = [];
  /** document.visibilityState is "visible". */
  visible = true;
  /** Renewal calls of the token function settled so far, all attempts: the next gives renewalToken(renewalCalls). */
  renewalCalls = 0;

  constructor(readonly config: RunConfig) {}

  observe(): Observation {
    return {
      events: this.events,
      every: this.every,
      once: this.once,
      frames: [...this.framesInContainer].sort((a, b) => a - b),
      inits: this.attempts.map((attempt) => attempt.inits.map((token) => ({ token, targetOrigin: APP_ORIGIN }))),
      opens: this.opens.map(({ same }) => ({ same, settled: this.opens[same].settled })),
      thrown: this.thrown,
      heights: this.attempts.map((attempt) => attempt.height),
      displays: this.attempts.map((attempt) => (attempt.shown ? 'block' : 'none')),
      measures: this.measures,
      sent: this.attempts.map((attempt) => attempt.sent),
      renewals: this.attempts.map((attempt) => attempt.renewals),
    };
  }

  // ---- the partner's calls (README.md, Methods) ----

  /** Shows the current attempt's frame (a prepared one), or starts a new attempt that is shown at once. */
  open(): void {
    if (this.begin('open')) this.show();
  }

  /**
   * Starts an attempt whose frame stays hidden until open(); while an attempt runs (open or prepared), the same
   * promise, and a shown frame stays shown.
   */
  prepare(): void {
    this.begin('prepare');
  }

  close(): void {
    if (this.destroyed) return;
    this.teardown();
    this.phase = 'idle';
    this.pending = undefined;
    this.settle();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.close();
    for (const list of this.listeners.values()) list.length = 0;
    this.destroyed = true;
  }

  on(handler: 'every' | 'once'): void {
    if (this.destroyed) return void this.thrown.push(afterDestroy(handler === 'once' ? 'once' : 'on'));
    // The same function added twice for an event runs once.
    for (const list of this.listeners.values()) if (!list.includes(handler)) list.push(handler);
  }

  off(handler: 'every' | 'once'): void {
    for (const list of this.listeners.values()) remove(list, handler);
  }

  /** A once() handler for `event` that calls one of the instance's methods (README: "open() again ... from inside your contract.error handler"). */
  reenter(event: string, call: ReentrantCall): void {
    if (this.destroyed) return void this.thrown.push(afterDestroy('once'));
    this.listeners.get(event)!.push({ call });
  }

  /** Moves focus into the frame (no event, no state): where it lands exactly is the e2e suite's to check. */
  focus(): void {
    if (this.current >= 0) this.focusCalls.add(this.current);
  }

  // ---- the browser ----

  detach(): void {
    this.attached = false;
  }

  attach(): void {
    this.attached = true;
  }

  goOffline(): void {
    this.online = false;
    this.failLoading(this.current, OFFLINE);
  }

  goOnline(): void {
    this.online = true;
  }

  /** The page's CSP refused the frame (a securitypolicyviolation for the app's origin, frame-src, enforced). */
  csp(): void {
    this.failLoading(this.current, frameBlockedMessage(APP_ORIGIN));
  }

  /** The first document of attempt `n`'s frame fired load: hello must follow within 3 s. */
  frameLoad(n: number): void {
    const attempt = this.attempts[n];
    if (!attempt.live || attempt.heard || attempt.helloTimerArmed) return;
    attempt.helloTimerArmed = true;
    attempt.helloDeadline = this.now + HELLO_AFTER_LOAD_MS;
  }

  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      // Only a live attempt has timers; the load timeout was set before the hello timer, so it fires first on a tie.
      // The watchdog acts only once ready, when neither of those can fail the attempt any more.
      const attempt = this.attempts[this.current];
      const due = [attempt?.loadDeadline, attempt?.helloDeadline, attempt?.nextCheck].filter(
        (at): at is number => at !== undefined && at <= end && !!attempt?.live,
      );
      if (!due.length) break;
      const at = Math.min(...due);
      this.now = at;
      if (attempt.nextCheck === at) {
        attempt.nextCheck = at + CHECK_EVERY_MS;
        this.check(attempt);
      } else if (attempt.loadDeadline === at) {
        attempt.loadDeadline = Infinity;
        this.failLoading(this.current, attempt.heard ? notReady(this.config.loadTimeout) : noHelloMessage(APP_ORIGIN));
      } else {
        attempt.helloDeadline = undefined;
        this.failLoading(this.current, noHelloMessage(APP_ORIGIN));
      }
    }
    this.now = end;
  }

  /** The partner's token function settles for attempt `n` (late, if that attempt is over). */
  token(n: number, outcome: 'resolve' | 'reject' | 'empty'): void {
    const attempt = this.attempts[n];
    if (this.config.token !== 'function' || !attempt || attempt.token !== 'pending') return;
    if (outcome !== 'resolve') {
      attempt.token = 'failed';
      return this.failLoading(n, NO_TOKEN);
    }
    attempt.token = 'known';
    if (attempt.live && attempt.waiting) this.answer(attempt);
    attempt.waiting = false;
  }

  /** The partner's page becomes hidden or visible (document.visibilityState). */
  setVisible(visible: boolean): void {
    this.visible = visible;
  }

  /** The token function settles attempt `n`'s renewal call (late, if that attempt is over or moved on). */
  renewal(n: number, outcome: 'resolve' | 'reject'): void {
    const attempt = this.attempts[n];
    if (!attempt?.renewing) return;
    attempt.renewing = false;
    const token = renewalToken(this.renewalCalls++);
    // Only over the port of the attempt that asked, while it has one (docs/protocol.md §6.7).
    if (!attempt.live) return;
    if (outcome === 'resolve') attempt.renewedToken = token;
    this.sendApp(attempt, outcome === 'resolve' ? `renewed ${token}` : 'renewed');
  }

  // ---- the app (docs/protocol.md §4-6) ----

  hello(n: number, variant: 'valid' | 'wrong origin' | 'no common version'): void {
    const attempt = this.attempts[n];
    // Only this attempt's own channel listens for its frame, and only while the attempt is live.
    if (!attempt.live || variant === 'wrong origin') return;
    // After the outcome nothing is answered and nothing is reported (§5: "after completed: none").
    if (!RUNNING.includes(this.phase)) return;
    if (variant === 'no common version') return this.fail(NEWER_SDK);
    attempt.heard = true;
    attempt.helloDeadline = undefined;
    if (attempt.token === 'known') this.answer(attempt);
    else attempt.waiting = true;
  }

  /** A message over attempt `n`'s newest port (or, `stalePort`, the one before it, closed at the reload). */
  send(n: number, stalePort: boolean, type: AppMessageType, extra: Record<string, unknown>): void {
    const attempt = this.attempts[n];
    if (!attempt.live || stalePort || attempt.ports === 0) return;
    const rule: AppMessageRule = APP_MESSAGES[type];
    if (rule.progress) {
      const [from, to] = rule.progress;
      if (this.phase !== from) return;
      this.phase = to;
      this.measure();
      return this.emit(`contract.${type}`, rule.payload?.(extra));
    }
    if (type === 'error') {
      if (RUNNING.includes(this.phase)) this.fail(EXPECTED_MESSAGE(extra.message), EXPECTED_CODE(extra.code), true);
    } else if (type === 'step') {
      // Where the signer is: from loaded to the outcome, once open() has shown the frame (a hidden frame's steps are
      // not the signer's); elapsedMs from that open(); each name once per attempt; a flooding app is cut off. A
      // step that is not a string is malformed.
      const step = EXPECTED_CODE(extra.step);
      if (
        typeof extra.step === 'string' &&
        this.signerSees(attempt) &&
        !attempt.steps.has(step) &&
        attempt.steps.size < MAX_STEPS
      ) {
        attempt.steps.add(step);
        this.emit('contract.step', { step, elapsedMs: this.now - attempt.shownAt! });
      }
    } else if (type === 'activity') {
      attempt.activityReports += 1;
      if (this.signerSees(attempt) && this.now >= this.quietUntil) {
        this.quietUntil = this.now + ACTIVITY_INTERVAL_MS;
        this.emit('contract.activity');
      }
    } else if (type === 'renew') {
      this.renew(attempt);
    } else if (type === 'beat') {
      attempt.silentChecks = 0;
      attempt.nextCheck ??= this.now + CHECK_EVERY_MS;
    } else if (type === 'resize') {
      const height = extra.height as number;
      if (this.config.autoHeight && height >= 0)
        attempt.height = `${Math.min(Math.max(Math.ceil(height), MIN_HEIGHT), MAX_HEIGHT)}px`;
    }
  }

  // ---- what the instance does in between ----

  /** The app asks for a new token: at most one call in flight, MAX_RENEWALS per attempt, none with a string. */
  private renew(attempt: Attempt): void {
    if (attempt.renewing) return;
    if (this.config.token === 'string' || attempt.renewals >= MAX_RENEWALS) {
      return this.sendApp(attempt, 'renewed');
    }
    attempt.renewing = true;
    attempt.renewals += 1;
  }

  /** One watchdog check: silent only while ready, shown, visible and on time; a ping at the 6th, the report at the 11th. */
  private check(attempt: Attempt): void {
    const late = this.now - attempt.lastCheck > 2 * CHECK_EVERY_MS;
    attempt.lastCheck = this.now;
    const watched = !late && this.phase === 'ready' && attempt.shown && this.visible;
    attempt.silentChecks = watched ? attempt.silentChecks + 1 : 0;
    if (attempt.silentChecks === PING_AT_CHECK) this.sendApp(attempt, 'ping');
    if (attempt.silentChecks >= UNRESPONSIVE_AT_CHECK) this.fail(undefined, 'app_unresponsive');
  }

  /** A message to the app over the attempt's newest port. */
  private sendApp(attempt: Attempt, message: string): void {
    attempt.sent.push(`${attempt.ports - 1}:${message}`);
  }

  /** Whether the app's step and activity reach the partner now: from loaded to the outcome, and the frame shown. */
  private signerSees(attempt: Attempt): boolean {
    return (this.phase === 'loaded' || this.phase === 'ready') && attempt.shown;
  }

  private start(shown: boolean): void {
    const n = this.attempts.length;
    this.attempts.push({
      token: this.config.token === 'string' ? 'known' : 'pending',
      live: true,
      heard: false,
      waiting: false,
      ports: 0,
      inits: [],
      token0: tokenOf(this.config, n),
      renewedToken: undefined,
      renewing: false,
      renewals: 0,
      sent: [],
      nextCheck: undefined,
      lastCheck: 0,
      silentChecks: 0,
      loadDeadline: this.now + this.config.loadTimeout,
      helloDeadline: undefined,
      helloTimerArmed: false,
      height: this.config.autoHeight ? `${MIN_HEIGHT}px` : '600px',
      shownAt: shown ? this.now : undefined,
      steps: new Set(),
      activityReports: 0,
      shown,
      measured: 0,
    });
    this.current = n;
    this.framesInContainer.add(n);
    this.phase = 'loading';
    this.emit('contract.loading');
    if (!this.online) this.failLoading(n, OFFLINE);
  }

  private answer(attempt: Attempt): void {
    attempt.ports += 1;
    attempt.inits.push(attempt.renewedToken ?? attempt.token0);
  }

  /**
   * open() and prepare(): a new attempt (hidden for prepare) unless one runs; true when the call was not rejected
   * (a rejected call changes nothing).
   */
  private begin(method: 'open' | 'prepare'): boolean {
    const call = this.opens.length;
    const rejected = this.destroyed ? afterDestroy(method) : undefined;
    if (rejected === undefined && this.pending !== undefined && !REOPENS.includes(this.phase)) {
      this.opens.push({ same: this.pending, settled: '' });
      return true;
    }
    const refused = rejected ?? (this.attached ? undefined : detached(method));
    if (refused !== undefined) {
      this.opens.push({ same: call, settled: `rejected: ${refused}` });
      return false;
    }
    this.teardown();
    this.opens.push({ same: call, settled: 'pending' });
    this.pending = this.toSettle = call;
    this.start(method === 'open');
    return true;
  }

  /** The current attempt's frame becomes visible (once), and the measures its phase has reached are recorded. */
  private show(): void {
    const attempt = this.attempts[this.current];
    if (!attempt || attempt.shown || !this.framesInContainer.has(this.current) || this.phase === 'failed') return;
    attempt.shown = true;
    attempt.shownAt = this.now;
    this.measure();
  }

  /**
   * User Timing: loaded and ready, each once per attempt, once shown: as the attempt reaches them, or at open() for
   * what a prepared attempt passed while hidden (a completed one included: it passed both). None after an error.
   */
  private measure(): void {
    const attempt = this.attempts[this.current];
    const reached = this.phase === 'loaded' ? 1 : this.phase === 'ready' || this.phase === 'completed' ? 2 : 0;
    while (attempt.shown && attempt.measured < reached)
      this.measures.push([this.current, WAIT_MEASURES[attempt.measured++]]);
  }

  /** One of attempt `n`'s own loading failures: it counts only while that attempt is the current one and loading. */
  private failLoading(n: number, message: string): void {
    if (n === this.current && n >= 0 && LOADING.includes(this.phase)) this.fail(message);
  }

  private fail(message: string | undefined, code = 'loading_error', keepFrame = false): void {
    const attempt = this.attempts[this.current];
    attempt.live = false;
    if (!keepFrame) this.framesInContainer.delete(this.current);
    this.phase = 'failed';
    this.emit('contract.error', { code, message, source: keepFrame ? 'app' : 'sdk' });
  }

  private teardown(): void {
    const attempt = this.attempts[this.current];
    if (attempt) attempt.live = false;
    this.framesInContainer.delete(this.current);
    this.current = -1;
  }

  private settle(): void {
    this.resolve(this.toSettle);
    this.toSettle = undefined;
  }

  private resolve(call: number | undefined): void {
    if (call !== undefined && this.opens[call].settled === 'pending') this.opens[call].settled = 'resolved';
  }

  /**
   * Runs the event's handlers over a copy of their list (one added or removed meanwhile changes nothing for this
   * event), a once() handler removed before it runs. ready and error settle open() after the handlers, with the
   * promise taken before them: a handler may call open() again.
   */
  private emit(name: string, extra: Record<string, unknown> = {}): void {
    // `attempt`: which attempt the payload's attemptId is, counted from 0 (real-instance.ts numbers the ids it sees).
    const payload = { contractId: this.config.contractId, attempt: this.current, ...extra };
    const settling = name === 'contract.ready' || name === 'contract.error' ? this.toSettle : undefined;
    if (settling !== undefined) this.toSettle = undefined;
    const list = this.listeners.get(name)!;
    for (const listener of [...list]) {
      if (listener === 'recorder') this.events.push([name, payload]);
      else if (listener === 'every') this.every.push(name);
      else {
        remove(list, listener);
        if (listener === 'once') this.once.push(name);
        else this[listener.call]();
      }
    }
    this.resolve(settling);
  }
}

export type ReentrantCall = 'open' | 'prepare' | 'close' | 'destroy';
/** The test's recorder (added first, at construction), its two handlers, and handlers that call a method. */
type Listener = 'recorder' | 'every' | 'once' | { call: ReentrantCall };

function remove<T>(list: T[], item: T): void {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
}
