// The instance's attempts, one after another, and their lifecycle (lifecycle.ts's states and rules): the state, the
// current attempt (attempt.ts), its promise, where focus was at open() and which of its app's steps were new.
// SvcContracts (svc-contracts.ts) is the public API in front of it: it checks the partner's calls and hands them on;
// this places, starts, shows and ends the attempts, hears their reports and emits the events.
import { createAttempt, type Attempt } from './attempt';
import type { AttemptIds } from './attempt-ids';
import type { AttemptOwner } from './attempt-owner';
import type { Channel } from './channel';
import type { Settings } from './config';
import { warnAtOpen, warnIfDetached } from './debug-warnings';
import type { Emitter, EventExtra } from './emitter';
import type { ErrorCode } from './error-codes';
import { afterDestroyError, detachedError } from './errors';
import { focusedElement } from './focused';
import { fitHeight } from './frame';
import { createActivityThrottle, createStepFilter } from './funnel';
import { CANCELLED, DESTROYED, FAILED, IDLE, isLoading, isRunning, LOADING, progress, READY } from './lifecycle';
import { inOrder, reopens, type ErrorSource, type Method, type State } from './lifecycle';
import { NEWER_SDK, OFFLINE } from './load-failure';
import type { Logger } from './logger';
import { createPending, type Pending } from './pending';
import { POPUP_BLOCKED, POPUP_SEVERED } from './popup';
import type { AppMessage } from './protocol';
import type { ContractEventName, SigningTokenSource } from './types';
import { stepsReached, timeWait, type WaitStep } from './wait-timing';
import { canShareWarm, leaveWarm, takeWarm, wantWarm } from './warm-pool';

// The build shortens the private "_x" members and those marked @internal, the SDK's own (lib/mangled-properties.mjs).
export class AttemptRunner {
  private _state: State = IDLE;
  /** The current attempt's frame or window, channel and teardown (attempt.ts); the warm frame before any attempt. */
  private _attempt: Attempt | undefined;
  /** Where focus was when open() was called: it goes back there if the frame is removed while focused. */
  private _focusBefore: Element | null | undefined;
  /** The current attempt's promise (pending.ts), until close(). */
  private _pending: Pending | undefined;
  /** Which of the app's step and activity messages reach the partner (funnel.ts): per attempt, per instance. */
  private _newStep!: (name: string) => boolean;
  private readonly _activityDue = createActivityThrottle();

  constructor(
    /** The partner's token source, looked up when an attempt is placed: token.ts keeps it off every object. */
    private readonly _tokenSource: () => SigningTokenSource,
    private readonly _settings: Settings,
    private readonly _container: Element,
    /** The instance's handlers: added and removed by the instance, called here. */
    private readonly _events: Emitter,
    private readonly _log: Logger,
    /** The running attempt's ids (attempt-ids.ts): on every payload, debug line and init of the attempt. */
    private readonly _ids: AttemptIds,
  ) {
    // The warm start (docs/decisions.md #29, #33): frame and channel now, the token when the first open() or
    // prepare() comes; the page's one shared frame (warm-pool.ts) where frames can move, else this instance's own.
    if (_settings.warm && !_settings.popup && _container.isConnected) {
      if (canShareWarm()) wantWarm(this, _settings, _log);
      else this._place(true);
    }
  }

  /** open(): the attempt (a new one, or the running one's promise), its frame shown. @internal */
  openAttempt(): Promise<void> {
    // Where focus returns if the frame goes (focus-return.ts); an open() from inside the frame keeps the first one's.
    const active = focusedElement();
    if (active !== this._attempt?.iframe) this._focusBefore = active;
    const pending = this._begin('open');
    // _start showed a new attempt's frame before contract.loading's handlers ran. This shows a prepared one, or one
    // a handler started; nothing when the call was rejected (no frame, or one ended declined, cancelled or failed).
    this._show();
    return pending;
  }

  /** prepare(): the attempt, its frame hidden until openAttempt(). @internal */
  prepareAttempt(): Promise<void> {
    // A window cannot be hidden and needs the click to open: nothing to prepare (after destroy() it still rejects).
    return this._settings.popup && this._state !== DESTROYED ? Promise.resolve() : this._begin('prepare');
  }

  /** close(): the attempt's frame or window goes, its promise settles, and the next open() starts afresh. @internal */
  closeAttempt(): void {
    if (this._state === DESTROYED) return;
    if (this._state !== IDLE) this._log('close');
    leaveWarm(this, this._settings);
    this._teardown();
    this._state = IDLE;
    this._pending?.settle();
    this._pending = undefined;
  }

  /** destroy()'s last step, after closeAttempt(): final, every later call is refused. @internal */
  markDestroyed(): void {
    this._state = DESTROYED;
  }

  /** destroy() has run: on(), once() and update() throw, open() and prepare() reject. @internal */
  isDestroyed(): boolean {
    return this._state === DESTROYED;
  }

  /** The channel to the current attempt's app (or the warm frame's), for update(). @internal */
  currentChannel(): Channel | undefined {
    return this._attempt?.appChannel;
  }

  /** focus(): into the app, once open() has shown its frame. @internal */
  focusApp(): void {
    const attempt = this._attempt;
    if (attempt?.shownAt() !== undefined) attempt.appChannel.focus();
  }

  /** Starts an attempt (open or prepare), unless one is running: then its promise. */
  private _begin(method: Method): Promise<void> {
    if (this._state === DESTROYED) return Promise.reject(afterDestroyError(method));
    // Opening, open or completed: the same attempt. Declined, cancelled or failed: a new one (a retry, a resume).
    if (this._pending && !reopens(this._state)) return this._pending.promise;
    if (!this._container.isConnected) return Promise.reject(detachedError(method));
    // The warm frame, while it waits, becomes this attempt's; any other frame goes, and _start places a new one.
    if (!this._attempt?.isWarm()) this._teardown();
    const pending = (this._pending = createPending());
    this._start(method);
    return pending.promise;
  }

  /** Shows the attempt's frame if it is still hidden: at once for open(), at the signer's open() after prepare(). */
  private _show(): void {
    const attempt = this._attempt;
    if (!attempt?.iframe || attempt.shownAt() !== undefined || reopens(this._state)) return;
    attempt.showFrame();
    warnAtOpen(this._container, this._settings, this._log);
    // What a prepared frame reached before the signer's open(): waited for 0 ms.
    timeWait(attempt.shownAt(), stepsReached(this._state));
  }

  /**
   * A new attempt's frame or window and channel (attempt.ts), or the page's shared warm frame taken (warm-pool.ts);
   * its reports count while it is the current one.
   */
  private _place(warm?: boolean): Attempt | undefined {
    const current = () => this._attempt === attempt;
    const owner: AttemptOwner = {
      settings: this._settings,
      container: this._container,
      log: this._log,
      ids: this._ids,
      renewWith: this._tokenSource(),
      focusBefore: () => this._focusBefore,
      onAppMessage: (message) => current() && this._receive(message),
      onLoadingFailed: (message) => current() && this._loadingFailed(message),
      // From construction for the warm frame (IDLE), until the attempt's outcome.
      canGreet: () => this._state <= READY,
      onNoCommonVersion: () => current() && isRunning(this._state) && this._fail('sdk', NEWER_SDK),
      watching: () => this._state === READY && this._attempt?.shownAt() !== undefined,
      // Only the current attempt's watchdog runs: its checks stop when the attempt ends.
      onUnresponsive: () => this._fail('sdk', undefined, 'app_unresponsive'),
      onPopupClosed: (severed) => this._popupClosed(severed),
    };
    const attempt = takeWarm(this, owner) ?? createAttempt(owner, warm);
    return (this._attempt = attempt);
  }

  /** One attempt into the page: the warm frame if it waits (_begin kept it), else a new frame or window. */
  private _start(method: Method): void {
    // A new id, also for the warm frame this attempt takes; no sessionId until this attempt's ready.
    this._ids.startAttempt();
    const attempt = this._attempt ?? this._place();
    if (!attempt) return this._fail('sdk', POPUP_BLOCKED, 'popup_blocked');
    const placed = attempt.iframe ? (attempt.isWarm() ? 'warm frame taken' : 'frame created') : 'window opened';
    this._log(`${method}: ${placed} for`, this._settings.app.embedUrl);
    attempt.begin();
    this._state = LOADING;
    this._newStep = createStepFilter();
    if (method === 'open') this._show();
    this._emit('contract.loading');
    // The warm frame's app may have refused this SDK already; an already offline browser fires no 'offline' event
    // (load-detectors.ts).
    const failure = attempt.refused() ? NEWER_SDK : navigator.onLine === false ? OFFLINE : '';
    if (failure && this._attempt === attempt) this._loadingFailed(failure);
  }

  /** A loading failure the attempt saw ends it while it loads; later (or before any attempt) it changes nothing. */
  private _loadingFailed(message: string): void {
    if (!isLoading(this._state)) return;
    warnIfDetached(this._container, this._log);
    this._fail('sdk', message);
  }

  /** The window (display "popup") went while the attempt ran: COOP cut it off (popup.ts), or the signer closed it. */
  private _popupClosed(severed: boolean): void {
    if (!isRunning(this._state)) return;
    if (severed) return this._fail('sdk', POPUP_SEVERED);
    // As when the app reports cancelled, the connection stays until close() or the next attempt.
    this._state = CANCELLED;
    this._emit('contract.cancelled');
  }

  private _receive(message: AppMessage): void {
    const { type } = message;
    if (type === 'resize') return fitHeight(this._attempt!.iframe, this._settings, message.height);
    const now = performance.now();
    const shownAt = this._attempt!.shownAt();
    if (!inOrder(type, this._state, shownAt !== undefined)) {
      this._attempt!.appChannel.ignore(`${type} out of order`);
    } else if (message.type === 'error') {
      this._fail('app', message.message, message.code);
    } else if (message.type === 'step') {
      if (this._newStep(message.step)) {
        this._emit('contract.step', { step: message.step, elapsedMs: Math.round(now - shownAt!) });
      }
    } else if (type === 'activity') {
      if (this._activityDue(now)) this._emit('contract.activity');
    } else {
      // loaded, ready, completed, declined, cancelled (lifecycle.ts).
      const [to, sessionId, extra] = progress(message);
      if (sessionId) this._ids.keepSessionId(sessionId);
      this._state = to;
      if (isRunning(to)) timeWait(shownAt, [type as WaitStep]); // loaded or ready
      this._emit(`contract.${type}`, extra);
    }
  }

  /**
   * Ends the attempt with `contract.error`, final before handlers run (one may call open() to retry). An error the
   * app reported keeps its frame (source "app": the signer reads why); the SDK's own removes it (source "sdk").
   */
  private _fail(source: ErrorSource, message: string | undefined, code: ErrorCode = 'loading_error'): void {
    if (source === 'sdk') this._attempt?.teardown();
    else this._attempt?.halt();
    this._state = FAILED;
    // No message: no key at all, as for declined's reason (docs/protocol.md §6.1).
    this._emit('contract.error', { code, ...(message === undefined ? {} : { message }), source });
  }

  private _emit<E extends ContractEventName>(event: E, extra?: EventExtra<E>): void {
    // ready and the attempt's end (an error, or a window closed while loading) settle open(), after the handlers:
    // taken first, since a handler may call open() again.
    const settles = event === 'contract.ready' || !isRunning(this._state) ? this._pending : undefined;
    this._events.emit(event, extra);
    settles?.settle();
  }

  /** Ends the current attempt: its frame or window and channel go, and its ids (the next attempt draws its own). */
  private _teardown(): void {
    this._attempt?.teardown();
    this._attempt = undefined;
    this._ids.endAttempt();
  }
}
