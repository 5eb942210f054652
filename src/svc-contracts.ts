import { createAttemptIds } from './attempt-ids';
import { AttemptRunner } from './attempt-runner';
import { claimContainer, releaseContainer } from './container';
import { applyUpdate, resolveConfig, type Settings } from './config';
import { createEmitter, type Emitter } from './emitter';
import { afterDestroyError } from './errors';
import { createLogger, type Logger } from './logger';
import { presentation } from './presentation';
import { UPDATE } from './protocol';
import { tokenSources } from './token';
import type { ContractEventHandler, ContractEventName, SvcContractsConfig, SvcContractsUpdate } from './types';

/** Renders the signing experience for one signer in an iframe inside the given container. */
// The public API: it checks each call and hands the attempt's work to its runner (attempt-runner.ts), which holds
// the lifecycle. Every "_x" member is private and shortened by the build (lib/mangled-properties.mjs); public
// names never start with "_".
export class SvcContracts {
  private readonly _container: Element;
  private readonly _settings: Settings;
  /** The partner's handlers, and the payload each event carries (emitter.ts). */
  private readonly _events: Emitter;
  private readonly _log: Logger;
  /** The attempts, their state and their events (attempt-runner.ts). */
  private readonly _runner: AttemptRunner;

  constructor(container: string | Element, config: SvcContractsConfig) {
    const { token, known, settings } = resolveConfig(config);
    this._container = claimContainer(container, [known]);
    this._settings = settings;
    // The running attempt's ids (attempt-ids.ts): the runner draws and ends them; each debug line and payload
    // carries them.
    const ids = createAttemptIds();
    this._log = createLogger(settings, known, ids);
    this._events = createEmitter(settings.contractId, ids, this._log);
    // Before the runner: a warm start's frame is created with the token source it will ask (token.ts).
    tokenSources.set(this, token);
    this._runner = new AttemptRunner(
      () => tokenSources.get(this)!,
      settings,
      this._container,
      this._events,
      this._log,
      ids,
    );
  }

  /**
   * Creates the iframe and resolves when `contract.ready` or `contract.error` is emitted. Calling it while
   * opening, open or completed returns the same promise (resolved once ready); after an error it replaces the
   * failed frame (a retry). After prepare() it shows the prepared frame and returns prepare()'s promise.
   */
  open(): Promise<void> {
    return this._runner.openAttempt();
  }

  /**
   * Loads the signing experience into the container without showing it (no layout space, no focus, not in the
   * accessibility tree), so that open() on the signer's click shows a ready frame. Resolves like open().
   */
  prepare(): Promise<void> {
    return this._runner.prepareAttempt();
  }

  /** Removes the iframe and everything the SDK added; keeps the handlers, so open() can be called again. */
  close(): void {
    this._runner.closeAttempt();
  }

  /** close(), then drops every handler and releases the container. The instance cannot be used again. */
  destroy(): void {
    if (this._runner.isDestroyed()) return;
    this.close();
    this._log('destroy');
    this._events.clear();
    releaseContainer(this._container);
    tokenSources.delete(this);
    this._runner.markDestroyed();
  }

  on<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this {
    if (this._runner.isDestroyed()) throw afterDestroyError('on');
    this._events.on(event, handler);
    return this;
  }

  once<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this {
    if (this._runner.isDestroyed()) throw afterDestroyError('once');
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
    if (this._runner.isDestroyed()) throw afterDestroyError('update');
    const channel = this._runner.currentChannel();
    const source = tokenSources.get(this);
    // A function's tokens are known only to the running attempt (each renewal's too): none may be quoted either.
    applyUpdate(changes, this._settings, [typeof source === 'string' ? source : '', ...(channel?.tokens() ?? [])]);
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
    this._runner.focusApp();
  }
}
