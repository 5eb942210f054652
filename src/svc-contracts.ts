import { openChannel, type Channel } from './channel';
import { createCleanup, type Cleanup } from './cleanup';
import { resolveConfig, type Settings } from './config';
import { claimContainer, releaseContainer } from './container';
import { warnAtOpen } from './debug-warnings';
import { createEmitter } from './emitter';
import type { KnownErrorCode } from './error-codes';
import { misuseError } from './errors';
import { removeFrame } from './focus-return';
import { focusedElement } from './focused';
import { watchFrameCsp } from './frame-csp';
import { createFrame, fitHeight } from './frame';
import { createActivityThrottle, createStepFilter } from './funnel';
import {
  CANCELLED,
  DESTROYED,
  FAILED,
  IDLE,
  isLoading,
  isRunning,
  LOADING,
  PROGRESS,
  READY,
  reopens,
  type State,
} from './lifecycle';
import { OFFLINE, watchLoading } from './load-detectors';
import { noHelloMessage } from './load-failure';
import { createLogger, type Logger } from './logger';
import { createPending, type Pending } from './pending';
import { openPopup, POPUP_BLOCKED, POPUP_SEVERED, SEVERED_WITHIN_MS, watchPopup } from './popup';
import type { AppMessage } from './protocol';
import { attemptToken } from './token';
import type {
  ContractErrorPayload,
  ContractEventHandler,
  ContractEventMap,
  ContractEventName,
  SigningTokenSource,
  SvcContractsConfig,
} from './types';
import { stepsReached, timeWait, type WaitStep } from './wait-timing';

// Private members start with "_": the build shortens those names (terser mangle.properties).
// The token lives here, not on the instance: console.log(instance) and JSON.stringify(instance) cannot show it.
// A function's tokens are never stored here: each lives in its attempt's channel and goes with it.
const tokens = new WeakMap<SvcContracts, SigningTokenSource>();

const NEWER_SDK = 'The signing app needs a newer SDK version: load the current one.';
const AFTER_DESTROY = (method: string) => `${method}() after destroy(): create a new SvcContracts instance.`;

/** The two calls that start an attempt: open() shows its frame at once, prepare() keeps it hidden. */
type Attempt = 'open' | 'prepare';
/** Who ended the attempt with contract.error: "app" keeps its frame (the signer reads why), "sdk" removes it. */
type ErrorSource = ContractErrorPayload['source'];

/** Renders the signing experience for one signer in an iframe inside the given container. */
// Every "_x" member is private and shortened by the build (lib/mangled-properties.mjs); public names never start with "_".
export class SvcContracts {
  private readonly _container: Element;
  private readonly _settings: Settings;
  private readonly _events = createEmitter();
  private readonly _log: Logger;
  private _state: State = IDLE;
  /** Listeners, timers and the port of the current attempt. */
  private _connection: Cleanup | undefined;
  /** Removal of the current attempt's iframe (kept apart: an app-reported error leaves the frame visible). */
  private _frame: Cleanup | undefined;
  private _iframe: HTMLIFrameElement | undefined;
  private _channel: Channel | undefined;
  /** Where focus was when open() was called: it goes back there if the frame is removed while focused. */
  private _focusBefore: Element | null | undefined;
  /** The current attempt's promise (pending.ts), until close(). */
  private _pending: Pending | undefined;
  /**
   * performance.now() when open() showed this attempt's frame; undefined while prepared (hidden). The one clock of
   * the signer's wait: User Timing and contract.step's elapsedMs count from here.
   */
  private _shownAt: number | undefined;
  /** Which of the app's step and activity messages reach the partner (funnel.ts): per attempt, per instance. */
  private _newStep!: (name: string) => boolean;
  private readonly _activityDue = createActivityThrottle();
  /**
   * The warm start (docs/decisions.md, "warm start"): the frame and channel loaded at construction without a token, waiting
   * for the first attempt, which calls this to start on them. Cleared when taken, when that frame failed, by close().
   */
  private _warm: ((method: Attempt) => void) | undefined;

  constructor(container: string | Element, config: SvcContractsConfig) {
    const { token, settings } = resolveConfig(config);
    // A token function's tokens never reach a message or log line except as app text, cleaned per attempt.
    const known = typeof token === 'string' ? token : '';
    this._container = claimContainer(container, known);
    this._settings = settings;
    this._log = createLogger(settings.debug, known);
    tokens.set(this, token);
    if (settings.warm && !settings.popup && this._container.isConnected) this._start();
  }

  /**
   * Creates the iframe and resolves when `contract.ready` or `contract.error` is emitted. Calling it while
   * opening, open or completed returns the same promise (resolved once ready); after an error it replaces the
   * failed frame (a retry). After prepare() it shows the prepared frame and returns prepare()'s promise.
   */
  open(): Promise<void> {
    // Where focus returns if the frame goes (focus-return.ts). Not the frame itself: an open() from inside it keeps
    // the place the first open() remembered.
    const active = focusedElement();
    if (active !== this._iframe) this._focusBefore = active;
    const pending = this._begin('open');
    // _start already showed a new attempt's frame, before contract.loading's handlers run. This shows the frame
    // of the attempt _begin returned instead (a prepared one), or one a handler started; and nothing when the
    // call was rejected (no frame, or one that ended declined, cancelled or failed).
    this._show();
    return pending;
  }

  /**
   * Loads the signing experience into the container without showing it (no layout space, no focus, not in the
   * accessibility tree), so that open() on the signer's click shows a ready frame. Resolves like open().
   */
  prepare(): Promise<void> {
    // A window cannot be hidden and needs the click to open: with display "popup" there is nothing to prepare,
    // so prepare() resolves at once (after destroy() it rejects as ever) and open() on the click opens the window.
    return this._settings.popup && this._state !== DESTROYED ? Promise.resolve() : this._begin('prepare');
  }

  /** Removes the iframe and everything the SDK added; keeps the handlers, so open() can be called again. */
  close(): void {
    if (this._state === DESTROYED) return;
    if (this._state !== IDLE) this._log('close');
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
    tokens.delete(this);
    this._state = DESTROYED;
  }

  on<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this {
    this._assertUsable('on');
    this._events.on(event, handler);
    return this;
  }

  once<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this {
    this._assertUsable('once');
    this._events.once(event, handler);
    return this;
  }

  off<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this {
    this._events.off(event, handler);
    return this;
  }

  /**
   * Moves keyboard focus into the signing app (it focuses its first control); nothing until open() has shown
   * the frame. The SDK never moves focus by itself; call this, e.g. on contract.ready, when the signer expects to
   * continue in the frame.
   */
  focus(): void {
    // Not iframe.focus() first: Firefox then keeps the frame's document unfocused and the app's control
    // unreachable (docs/decisions.md #23). The channel focuses the element itself when the app cannot.
    // A prepared frame that open() has not shown yet gets nothing: no focus into a hidden frame.
    if (this._shownAt !== undefined) this._channel?.focus();
  }

  private _assertUsable(method: string): void {
    if (this._state === DESTROYED) {
      throw misuseError(AFTER_DESTROY(method));
    }
  }

  /** Starts an attempt (open or prepare), unless one is running: then its promise. */
  private _begin(method: Attempt): Promise<void> {
    if (this._state === DESTROYED) {
      return Promise.reject(misuseError(AFTER_DESTROY(method)));
    }
    // Opening, open or completed: the same attempt. Declined, cancelled or failed: a new one (a retry, a resume).
    if (this._pending && !reopens(this._state)) return this._pending.promise;
    if (!this._container.isConnected) {
      return Promise.reject(misuseError(`${method}(): the container is not in the document; attach it first.`));
    }
    const warm = this._warm;
    if (!warm) this._teardown();
    const pending = (this._pending = createPending());
    warm ? warm(method) : this._start(method);
    return pending.promise;
  }

  /** Shows the attempt's frame if it is still hidden: at once for open(), at the signer's open() after prepare(). */
  private _show(): void {
    if (this._iframe && this._shownAt === undefined && !reopens(this._state)) {
      this._iframe.style.display = 'block';
      this._shownAt = performance.now();
      warnAtOpen(this._container, this._settings, this._log);
      // What a prepared frame reached before the signer's open(): waited for 0 ms.
      timeWait(this._shownAt, stepsReached(this._state));
    }
  }

  /**
   * One attempt, step by step: its frame, token and channel, the load detectors, then into the page. Without a
   * method, the warm start: the frame and channel only, the token and the rest when the first attempt takes it.
   */
  private _start(method?: Attempt): void {
    const settings = this._settings;
    const connection = (this._connection = createCleanup());
    const frame = (this._frame = createCleanup());
    // display "popup": the window first, in the task of the signer's click; the token function is asked after.
    const popup = settings.popup ? openPopup(settings.app.embedUrl) : undefined;
    if (popup === null) return this._fail('sdk', POPUP_BLOCKED, 'popup_blocked');
    const iframe = (this._iframe = popup ? undefined : createFrame(settings));
    const failLoading = (message: string) => {
      if (this._connection !== connection) return;
      if (isLoading(this._state)) {
        // A container removed after open() takes the frame with it: nothing loads, and only this says why.
        if (!this._container.isConnected) this._log('warning: container left the document');
        this._fail('sdk', message);
      }
      // Before any attempt: the warm frame never said hello (an error page, a blocked frame); open() starts afresh.
      this._warm = undefined;
    };
    const askToken = () => attemptToken(tokens.get(this)!, failLoading);
    let giveToken!: (token: string | Promise<string>) => void;
    const token = method ? askToken() : new Promise<string>((resolve) => (giveToken = resolve));
    const channel = this._openChannel(iframe, popup, token, connection, failLoading);
    if (popup) watchPopup(popup, frame, () => this._popupClosed(channel));
    else {
      // From the frame's creation: a warm frame the page's CSP blocks is replaced on open(), which then reports it.
      watchFrameCsp(iframe!, settings.app, connection, failLoading);
      this._container.appendChild(iframe!);
      frame.add(() => removeFrame(iframe!, this._container, this._focusBefore));
    }
    const attempt = (method: Attempt) => {
      watchLoading(settings, channel, connection, failLoading);
      this._state = LOADING;
      this._newStep = createStepFilter();
      // A window is on screen from the start (and the container holds nothing); a frame once _show() shows it.
      this._shownAt = popup && performance.now();
      this._log(`${method}: frame created for`, settings.app.embedUrl);
      if (method === 'open') this._show();
      this._emit('contract.loading');
      if (navigator.onLine === false) failLoading(OFFLINE);
    };
    if (method) attempt(method);
    else
      this._warm = (method) => {
        this._warm = undefined;
        giveToken(askToken());
        attempt(method);
      };
  }

  /** The channel listens before the frame exists in the document, so the app's hello cannot be missed. */
  private _openChannel(
    iframe: HTMLIFrameElement | undefined,
    popup: Window | undefined,
    token: string | Promise<string>,
    connection: Cleanup,
    failLoading: (message: string) => void,
  ): Channel {
    const current = () => this._connection === connection;
    const settings = this._settings;
    return (this._channel = openChannel({
      iframe,
      popup,
      settings,
      token,
      cleanup: connection,
      log: this._log,
      onAppMessage: (message) => current() && this._receive(message),
      // From construction for the warm frame (IDLE), until the attempt's outcome.
      canGreet: () => this._state <= READY,
      onNoHello: () => failLoading(noHelloMessage(settings.app.origin)),
      onNoCommonVersion: () => current() && isRunning(this._state) && this._fail('sdk', NEWER_SDK),
      renewWith: tokens.get(this)!,
      watching: () => this._state === READY && this._shownAt !== undefined,
      // Only the current attempt's watchdog runs: its checks stop when the attempt ends.
      onUnresponsive: () => this._fail('sdk', undefined, 'app_unresponsive'),
    }));
  }

  /**
   * The window (display "popup") is gone while the attempt runs: COOP cut it off if it went this soon without
   * a hello (docs/popup.md), else the signer closed it: cancelled, and open() resumes.
   */
  private _popupClosed(channel: Channel): void {
    if (!isRunning(this._state)) return;
    if (!channel.heard() && performance.now() - this._shownAt! < SEVERED_WITHIN_MS) {
      return this._fail('sdk', POPUP_SEVERED);
    }
    // As when the app reports cancelled, the connection stays until close() or the next attempt.
    this._state = CANCELLED;
    this._emit('contract.cancelled');
  }

  private _receive(message: AppMessage): void {
    const { type, ...fields } = message;
    if (type === 'resize') return fitHeight(this._iframe, this._settings, message.height);
    // Each progress message counts in its one state: a reloaded app's repeated loaded/ready are ignored too, so no
    // event reaches the partner twice.
    const now = performance.now();
    // Read only for the progress messages' own entries: PROGRESS inherits from Object.prototype, which the page
    // may have polluted with a "step" or an "error".
    const progress = PROGRESS[type as keyof typeof PROGRESS];
    if (!this._inOrder(type, progress)) {
      this._channel!.ignore(`${type} out of order`);
    } else if (message.type === 'error') {
      this._fail('app', message.message, message.code);
    } else if (message.type === 'step') {
      if (this._newStep(message.step)) {
        this._emit('contract.step', { step: message.step, elapsedMs: Math.round(now - this._shownAt!) });
      }
    } else if (type === 'activity') {
      if (this._activityDue(now)) this._emit('contract.activity');
    } else {
      this._state = progress![1];
      if (isRunning(this._state)) timeWait(this._shownAt, [type as WaitStep]); // loaded or ready
      this._emit(`contract.${type}`, fields as { reason?: string }); // declined's reason, or nothing
    }
  }

  /** Whether an app message counts now (docs/protocol.md §6, §6.4); anything else is ignored as out of order. */
  private _inOrder(type: string, progress: readonly [from: State, to: State] | undefined): boolean {
    if (type === 'error') return isRunning(this._state); // from the handshake until the outcome
    // The signer's: from loaded until the outcome, and only once open() has shown the frame (not a hidden frame's).
    if (type === 'step' || type === 'activity')
      return isRunning(this._state) && this._state !== LOADING && this._shownAt !== undefined;
    return this._state === progress![0];
  }

  /**
   * Ends the attempt with `contract.error`. The state is final before handlers run, so a handler may call
   * open() to retry. An error the app reported keeps its frame (source "app": the signer reads the app's
   * explanation); the SDK's own removes it (source "sdk").
   */
  private _fail(
    source: ErrorSource,
    message: string | undefined,
    code: KnownErrorCode | string = 'loading_error',
  ): void {
    this._connection?.run();
    if (source === 'sdk') this._frame?.run();
    this._state = FAILED;
    // No message: no key at all, as for declined's reason (docs/protocol.md §6.1).
    this._emit('contract.error', { code, ...(message === undefined ? {} : { message }), source });
  }

  private _emit<E extends ContractEventName>(event: E, extra?: Omit<ContractEventMap[E], 'contractId'>): void {
    const payload = Object.freeze({ contractId: this._settings.contractId, ...extra }) as ContractEventMap[E];
    // ready and the attempt's end (an error, or a window closed while loading) settle open(), after the handlers:
    // taken first, since a handler may call open() again.
    const settles = event === 'contract.ready' || !isRunning(this._state) ? this._pending : undefined;
    this._log('event', event, payload);
    this._events.emit(event, payload);
    settles?.settle();
  }

  private _teardown(): void {
    this._connection?.run();
    this._frame?.run();
    this._connection = this._frame = this._iframe = this._channel = this._warm = undefined;
  }
}
