import { openChannel } from './channel';
import { createCleanup, type Cleanup } from './cleanup';
import { resolveConfig, type Settings } from './config';
import { claimContainer, releaseContainer } from './container';
import { createEmitter } from './emitter';
import { KNOWN_ERROR_CODES } from './error-codes';
import { misuseError } from './errors';
import { createFrame } from './frame';
import { createLogger, type Logger } from './logger';
import type { AppMessage } from './protocol';
import type { ContractEventHandler, ContractEventMap, ContractEventName, SvcContractsConfig } from './types';

// The token lives here, not on the instance: console.log(instance) and JSON.stringify(instance) cannot show it.
const tokens = new WeakMap<SvcContracts, string>();

type State = 'idle' | 'loading' | 'loaded' | 'ready' | 'completed' | 'failed' | 'destroyed';

/** Renders the signing experience for one signer in an iframe inside the given container. */
export class SvcContracts {
  private readonly container: Element;
  private readonly settings: Settings;
  private readonly events = createEmitter();
  private readonly log: Logger;
  private state: State = 'idle';
  /** Listeners, timers and the port of the current attempt. */
  private connection: Cleanup | undefined;
  /** Removal of the current attempt's iframe (kept apart: an app-reported error leaves the frame visible). */
  private frame: Cleanup | undefined;
  private pending: Promise<void> | undefined;
  private settle: (() => void) | undefined;

  constructor(container: string | Element, config: SvcContractsConfig) {
    const { token, settings } = resolveConfig(config);
    this.container = claimContainer(container, token);
    this.settings = settings;
    this.log = createLogger(settings.debug, token);
    tokens.set(this, token);
    this.log('created', { contractId: settings.contractId, signingApp: settings.app.origin });
  }

  /**
   * Creates the iframe and resolves when `contract.ready` or `contract.error` is emitted. Calling it while
   * opening or open returns the same promise; after an error it replaces the failed frame (a retry).
   */
  open(): Promise<void> {
    if (this.state === 'destroyed') {
      return Promise.reject(misuseError('open() was called after destroy(). Create a new SvcContracts instance.'));
    }
    if (this.pending && this.state !== 'failed') return this.pending;
    if (!this.container.isConnected) {
      return Promise.reject(
        misuseError('open(): the container is not in the document. Attach it to the page before calling open().'),
      );
    }
    this.teardown();
    const pending = (this.pending = new Promise<void>((resolve) => (this.settle = resolve)));
    this.start();
    return pending;
  }

  /** Removes the iframe and everything the SDK added; keeps the handlers, so open() can be called again. */
  close(): void {
    if (this.state === 'destroyed') return;
    if (this.state !== 'idle') this.log('close');
    this.teardown();
    this.state = 'idle';
    this.pending = undefined;
    this.resolvePending();
  }

  /** close(), then drops every handler and releases the container. The instance cannot be used again. */
  destroy(): void {
    if (this.state === 'destroyed') return;
    this.close();
    this.log('destroy');
    this.events.clear();
    releaseContainer(this.container);
    tokens.delete(this);
    this.state = 'destroyed';
  }

  on<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this {
    this.assertUsable('on');
    this.events.on(event, handler);
    return this;
  }

  once<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this {
    this.assertUsable('once');
    this.events.once(event, handler);
    return this;
  }

  off<E extends ContractEventName>(event: E, handler: ContractEventHandler<E>): this {
    this.events.off(event, handler);
    return this;
  }

  private assertUsable(method: string): void {
    if (this.state === 'destroyed') {
      throw misuseError(`${method}() was called after destroy(). Create a new SvcContracts instance.`);
    }
  }

  private start(): void {
    const { settings } = this;
    const connection = (this.connection = createCleanup());
    const frame = (this.frame = createCleanup());
    const iframe = createFrame(settings);
    const current = () => this.connection === connection;
    const failLoading = (message: string) => {
      if (current() && (this.state === 'loading' || this.state === 'loaded')) this.fail(message);
    };

    // The channel listens before the frame exists in the document, so the app's hello cannot be missed.
    openChannel({
      iframe,
      origin: settings.app.origin,
      token: tokens.get(this)!,
      contractId: settings.contractId,
      cleanup: connection,
      log: this.log,
      onMessage: (message) => current() && this.receive(message),
      onNoHello: () =>
        failLoading('The signing page loaded but did not answer (wrong address, an error page, or another site).'),
    });
    const timer = setTimeout(
      () => failLoading(`The signing experience was not ready within ${settings.loadTimeout} ms.`),
      settings.loadTimeout,
    );
    connection.add(() => clearTimeout(timer));
    const onOffline = () => failLoading('The browser went offline while the signing experience was loading.');
    addEventListener('offline', onOffline);
    connection.add(() => removeEventListener('offline', onOffline));

    this.container.appendChild(iframe);
    frame.add(() => iframe.remove());
    this.state = 'loading';
    this.log('open: frame created for', settings.app.embedUrl);
    this.emit('contract.loading');
    if (current() && navigator.onLine === false) failLoading('The browser is offline.');
  }

  private receive(message: AppMessage): void {
    const { state } = this;
    this.log('message from the signing app:', message.type);
    if (message.type === 'error') {
      if (state === 'loading' || state === 'loaded' || state === 'ready') {
        this.fail(message.message, message.code, true);
      }
    } else if (message.type === 'loaded' && state === 'loading') {
      this.state = 'loaded';
      this.emit('contract.loaded');
    } else if (message.type === 'ready' && state === 'loaded') {
      this.state = 'ready';
      const settle = this.takeSettle();
      this.emit('contract.ready');
      settle?.();
    } else if (message.type === 'completed' && state === 'ready') {
      this.state = 'completed';
      this.emit('contract.completed');
    } else {
      this.log('ignored an out-of-order message:', message.type, 'in state', state);
    }
  }

  /**
   * Ends the attempt with `contract.error`. The state is final before handlers run, so a handler may call
   * open() to retry; the promise of the failed attempt resolves after them.
   */
  private fail(message: string | undefined, code: string = KNOWN_ERROR_CODES.LOADING_ERROR, keepFrame = false): void {
    this.connection?.run();
    if (!keepFrame) this.frame?.run();
    this.state = 'failed';
    const settle = this.takeSettle();
    this.emit('contract.error', message === undefined ? { code } : { code, message });
    settle?.();
  }

  private emit<E extends ContractEventName>(
    event: E,
    extra?: Omit<ContractEventMap[E], 'contractId'>,
  ): void {
    const payload = Object.freeze({ contractId: this.settings.contractId, ...extra }) as ContractEventMap[E];
    this.log('event', event, payload);
    this.events.emit(event, payload);
  }

  private teardown(): void {
    this.connection?.run();
    this.frame?.run();
    this.connection = this.frame = undefined;
  }

  private takeSettle(): (() => void) | undefined {
    const settle = this.settle;
    this.settle = undefined;
    return settle;
  }

  private resolvePending(): void {
    this.takeSettle()?.();
  }
}
