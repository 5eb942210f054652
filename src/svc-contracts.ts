import { createAttempt, type Attempt } from './attempt';
import type { AttemptOwner } from './attempt-owner';
import { createAttemptIds } from './attempt-ids';
import { claimContainer, releaseContainer } from './container';
import { applyUpdate, resolveConfig, type Settings } from './config';
import { warnAtOpen, warnIfDetached } from './debug-warnings';
import { createEmitter } from './emitter';
import type { ErrorCode } from './error-codes';
import { afterDestroyError, detachedError } from './errors';
import { focusedElement } from './focused';
import { fitHeight } from './frame';
import { createActivityThrottle, createStepFilter } from './funnel';
import { CANCELLED, DESTROYED, FAILED, IDLE, isLoading, isRunning, LOADING, progress, READY } from './lifecycle';
import { inOrder, reopens, type ErrorSource, type Method, type State } from './lifecycle';
import { NEWER_SDK, OFFLINE } from './load-failure';
import { createLogger, type Logger } from './logger';
import { createPending, type Pending } from './pending';
import { POPUP_BLOCKED, POPUP_SEVERED } from './popup';
import { presentation } from './presentation';
import { UPDATE, type AppMessage } from './protocol';
import { tokenSources } from './token';
import type { ContractEventHandler, ContractEventMap, ContractEventName, ContractEventPayload } from './types';
import type { SvcContractsConfig, SvcContractsUpdate } from './types';
import { stepsReached, timeWait, type WaitStep } from './wait-timing';
import { canShareWarm, leaveWarm, takeWarm, wantWarm } from './warm-pool';

/** Renders the signing experience for one signer in an iframe inside the given container. */
// Every "_x" member is private and shortened by the build (lib/mangled-properties.mjs); public names never start with "_".
export class SvcContracts {
  private readonly _container: Element;
  private readonly _settings: Settings;
  private readonly _events = createEmitter();
  private readonly _log: Logger;
  /** The running attempt's ids (attempt-ids.ts): on every payload, debug line and init of the attempt. */
  private readonly _ids = createAttemptIds();
  private _state: State = IDLE;
  /** The current attempt's frame or window, channel and teardown (attempt.ts); the warm frame before any attempt. */
  private _attempt: Attempt | undefined;
  /** Where focus was when open() was called: it goes back there if the frame is removed while focused. */
  private _focusBefore: Element | null | undefined;
  /** The current attempt's promise (pending.ts), until close(). */
  private _pending: Pending | undefined;
  /** performance.now() when open() showed the attempt's frame, undefined while hidden: the signer's wait's clock. */
  private _shownAt: number | undefined;
  /** Which of the app's step and activity messages reach the partner (funnel.ts): per attempt, per instance. */
  private _newStep!: (name: string) => boolean;
  private readonly _activityDue = createActivityThrottle();

  constructor(container: string | Element, config: SvcContractsConfig) {
    const { token, known, settings } = resolveConfig(config);
    this._container = claimContainer(container, known);
    this._settings = settings;
    this._log = createLogger(settings, known, this._ids);
    tokenSources.set(this, token);
    // The warm start (docs/decisions.md #29, #33): frame and channel now, the token when the first open() or
    // prepare() comes; the page's one shared frame (warm-pool.ts) where frames can move, else this instance's own.
    if (settings.warm && !settings.popup && this._container.isConnected) {
      if (canShareWarm()) wantWarm(this, settings, this._log);
      else this._place(true);
    }
  }

  /**
   * Creates the iframe and resolves when `contract.ready` or `contract.error` is emitted. Calling it while
   * opening, open or completed returns the same promise (resolved once ready); after an error it replaces the
   * failed frame (a retry). After prepare() it shows the prepared frame and returns prepare()'s promise.
   */
  open(): Promise<void> {
    // Where focus returns if the frame goes (focus-return.ts); an open() from inside the frame keeps the first one's.
    const active = focusedElement();
    if (active !== this._attempt?.iframe) this._focusBefore = active;
    const pending = this._begin('open');
    // _start showed a new attempt's frame before contract.loading's handlers ran. This shows a prepared one, or one
    // a handler started; nothing when the call was rejected (no frame, or one ended declined, cancelled or failed).
    this._show();
    return pending;
  }

  /**
   * Loads the signing experience into the container without showing it (no layout space, no focus, not in the
   * accessibility tree), so that open() on the signer's click shows a ready frame. Resolves like open().
   */
  prepare(): Promise<void> {
    // A window cannot be hidden and needs the click to open: nothing to prepare (after destroy() it still rejects).
    return this._settings.popup && this._state !== DESTROYED ? Promise.resolve() : this._begin('prepare');
  }

  /** Removes the iframe and everything the SDK added; keeps the handlers, so open() can be called again. */
  close(): void {
    if (this._state === DESTROYED) return;
    if (this._state !== IDLE) this._log('close');
    leaveWarm(this, this._settings);
    this._teardown();
    this._state = IDLE;
    this._pending?.settle();
    this._pending = undefined;
  }

  /** close(), then drops every handler and releases the container. The instance cannot be used again. */
  destroy(): void {
    if (this._state === DESTROYED) return;
    this.close();
    this._log('destroy');
    this._events.clear();
    releaseContainer(this._container);
    tokenSources.delete(this);
    this._state = DESTROYED;
  }

  on<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this {
    if (this._state === DESTROYED) throw afterDestroyError('on');
    this._events.on(event, handler);
    return this;
  }

  once<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this {
    if (this._state === DESTROYED) throw afterDestroyError('once');
    this._events.once(event, handler);
    return this;
  }

  off<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this {
    this._events.off(event, handler);
    return this;
  }

  /**
   * Replaces the appearance and/or the locale, checked as the constructor checks them (an invalid update throws and
   * changes nothing). A running app that applies updates gets the whole presentation at once, in place; otherwise
   * the next init (a reload, the next open()) carries it.
   */
  update(changes: SvcContractsUpdate): this {
    if (this._state === DESTROYED) throw afterDestroyError('update');
    applyUpdate(changes, this._settings, tokenSources.get(this));
    const channel = this._attempt?.appChannel;
    if (channel?.features().includes(UPDATE)) channel.send(UPDATE, presentation(this._settings, this._container));
    else this._log('update: kept for the next init');
    return this;
  }

  /**
   * Moves keyboard focus into the signing app (it focuses its first control); nothing until open() has shown
   * the frame. The SDK never moves focus by itself; call this, e.g. on contract.ready, when the signer expects to
   * continue in the frame.
   */
  focus(): void {
    if (this._shownAt !== undefined) this._attempt?.appChannel.focus();
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
    const iframe = this._attempt?.iframe;
    if (!iframe || this._shownAt !== undefined || reopens(this._state)) return;
    iframe.style.display = 'block';
    this._shownAt = performance.now();
    warnAtOpen(this._container, this._settings, this._log);
    // What a prepared frame reached before the signer's open(): waited for 0 ms.
    timeWait(this._shownAt, stepsReached(this._state));
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
      renewWith: tokenSources.get(this)!,
      focusBefore: () => this._focusBefore,
      onAppMessage: (message) => current() && this._receive(message),
      onLoadingFailed: (message) => current() && this._loadingFailed(message),
      // From construction for the warm frame (IDLE), until the attempt's outcome.
      canGreet: () => this._state <= READY,
      onNoCommonVersion: () => current() && isRunning(this._state) && this._fail('sdk', NEWER_SDK),
      watching: () => this._state === READY && this._shownAt !== undefined,
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
    // A window is on screen from the start (and the container holds nothing); a frame once _show() shows it.
    this._shownAt = attempt.iframe ? undefined : performance.now();
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
    if (!inOrder(type, this._state, this._shownAt !== undefined)) {
      this._attempt!.appChannel.ignore(`${type} out of order`);
    } else if (message.type === 'error') {
      this._fail('app', message.message, message.code);
    } else if (message.type === 'step') {
      if (this._newStep(message.step)) {
        this._emit('contract.step', { step: message.step, elapsedMs: Math.round(now - this._shownAt!) });
      }
    } else if (type === 'activity') {
      if (this._activityDue(now)) this._emit('contract.activity');
    } else {
      // loaded, ready, completed, declined, cancelled (lifecycle.ts).
      const [to, sessionId, extra] = progress(message);
      if (sessionId) this._ids.keepSessionId(sessionId);
      this._state = to;
      if (isRunning(to)) timeWait(this._shownAt, [type as WaitStep]); // loaded or ready
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

  private _emit<E extends ContractEventName>(
    event: E,
    extra?: Omit<ContractEventMap[E], keyof ContractEventPayload>,
  ): void {
    // The attempt's ids: no sessionId key before ready, as no reason key in declined without one.
    const payload = Object.freeze({
      contractId: this._settings.contractId,
      ...this._ids.payloadIds(),
      ...extra,
    }) as ContractEventMap[E];
    // ready and the attempt's end (an error, or a window closed while loading) settle open(), after the handlers:
    // taken first, since a handler may call open() again.
    const settles = event === 'contract.ready' || !isRunning(this._state) ? this._pending : undefined;
    this._log('event', event, payload);
    this._events.emit(event, payload);
    settles?.settle();
  }

  /** Ends the current attempt: its frame or window and channel go, and its ids (the next attempt draws its own). */
  private _teardown(): void {
    this._attempt?.teardown();
    this._attempt = undefined;
    this._ids.endAttempt();
  }
}
