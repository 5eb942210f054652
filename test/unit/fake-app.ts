// A stand-in for the signing app inside the iframe: happy-dom cannot load a remote frame, so each test gives
// the SDK's iframe a fake contentWindow and plays the app's side of docs/protocol.md by hand.
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { SvcContracts } from '../../src';
import { EVENT_NAMES } from '../../src/emitter';
import type { SvcContractsConfig } from '../../src';

export const APP_URL = 'https://sign.test:8443';
export const APP_ORIGIN = 'https://sign.test:8443';
export const TOKEN = 'sbx_complete_tok-7f3a9c2e-SECRET';

const live: SvcContracts[] = [];

// Every channel the SDK opens is traced, so the fake app can wait until the SDK has handled a message (or closed
// its end) instead of waiting for time. app's end → SDK's end.
const sdkEnds = new WeakMap<MessagePort, MessagePort>();
const NativeMessageChannel = globalThis.MessageChannel;
beforeEach(() => {
  vi.stubGlobal(
    'MessageChannel',
    class TracedMessageChannel extends NativeMessageChannel {
      constructor() {
        super();
        sdkEnds.set(this.port2, this.port1);
      }
    },
  );
});

afterEach(() => {
  for (const sdk of live.splice(0)) sdk.destroy();
  document.body.replaceChildren();
  vi.useRealTimers();
});

export function makeContainer(id = 'signing'): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  document.body.append(element);
  return element;
}

/** An instance on a fresh container, destroyed after the test. */
export function create(config: Partial<SvcContractsConfig> = {}, container: string | Element = makeContainer()) {
  // warm: false unless a test asks for it: these tests play one attempt's frame from its creation (the warm start's
  // own are test/unit/warm-frame.test.ts; the e2e suite runs every scenario with it, the default).
  const sdk = new SvcContracts(container, { signingToken: TOKEN, appUrl: APP_URL, warm: false, ...config });
  live.push(sdk);
  return sdk;
}

export function envelope(type: string, extra: Record<string, unknown> = {}) {
  return { protocol: 'svc-contracts', version: 1, type, ...extra };
}

/** A securitypolicyviolation as the browsers fire it for a blocked frame: at the document, blockedURI the origin. */
export function violation(
  fields: Partial<Record<'blockedURI' | 'effectiveDirective' | 'disposition', string>> = {},
): Event {
  const event = new Event('securitypolicyviolation', { bubbles: true, composed: true });
  return Object.assign(event, {
    blockedURI: APP_ORIGIN,
    effectiveDirective: 'frame-src',
    disposition: 'enforce',
    ...fields,
  });
}

/** Resolves after every queued microtask has run (promise chains settled): a barrier, not a wait on time. */
export const microtasksDone = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FakeApp {
  readonly window = { postMessage: vi.fn() };
  port: MessagePort | undefined;

  constructor(readonly iframe: HTMLIFrameElement) {
    Object.defineProperty(iframe, 'contentWindow', { value: this.window, configurable: true });
  }

  /** The app side of the frame the SDK just created in `container`. */
  static in(container: Element): FakeApp {
    const frames = container.querySelectorAll('iframe');
    expect(frames.length).toBe(1);
    return new FakeApp(frames[0] as HTMLIFrameElement);
  }

  /** Posts to the parent window as a frame would: origin and source are what the browser would report. */
  post(data: unknown, origin = APP_ORIGIN, source: unknown = this.window): void {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  }

  /** hello (again after a reload), then takes the port the SDK transferred with the init that answered it. */
  handshake(hello: Record<string, unknown> = envelope('hello')): {
    message: Record<string, unknown>;
    targetOrigin: string;
  } {
    const before = this.window.postMessage.mock.calls.length;
    this.post(hello);
    expect(this.window.postMessage).toHaveBeenCalledTimes(before + 1);
    const [message, targetOrigin, transfer] = this.window.postMessage.mock.calls[before];
    this.port = transfer[0];
    return { message, targetOrigin };
  }

  /** Sends over the private port and resolves once the SDK's handler has run for it. */
  async send(data: unknown): Promise<void> {
    const sdkEnd = sdkEnds.get(this.port!)!;
    // Listeners run in the order they were added: this one runs right after the SDK's onmessage.
    const handled = new Promise<void>((resolve) => sdkEnd.addEventListener('message', () => resolve(), { once: true }));
    this.port!.postMessage(data);
    await handled;
  }

  /** Sends each message over the private port and resolves once the SDK's handler has run for the last one. */
  async sendAll(messages: unknown[]): Promise<void> {
    const sdkEnd = sdkEnds.get(this.port!)!;
    let left = messages.length;
    const handled = new Promise<void>((resolve) => {
      const count = () => --left || (sdkEnd.removeEventListener('message', count), resolve());
      sdkEnd.addEventListener('message', count);
    });
    for (const message of messages) this.port!.postMessage(message);
    await handled;
  }

  /** Records what the SDK sends over the current port; `received(count)` resolves once `count` messages came. */
  listen(): { messages: unknown[]; received(count: number): Promise<void> } {
    const messages: unknown[] = [];
    let arrived = () => {};
    this.port!.onmessage = (event) => (messages.push(event.data), arrived());
    const received = (count: number) =>
      new Promise<void>((resolve) => {
        arrived = () => messages.length >= count && resolve();
        arrived();
      });
    return { messages, received };
  }

  /** Resolves once the SDK has closed its end of `port` (the current one by default): nothing sent there arrives. */
  closed(port: MessagePort = this.port!): Promise<void> {
    return new Promise<void>((resolve) => port.addEventListener('close', () => resolve(), { once: true }));
  }

  async ready(): Promise<void> {
    this.handshake();
    await this.send(envelope('loaded'));
    await this.send(envelope('ready'));
  }
}

/** The form of every attemptId (README "Support and tracing"). */
export const ATTEMPT_ID = /^[0-9a-f]{32}$/;

/**
 * A debug line without its attempt (the id, or "-" outside any attempt), for the tests of other rules;
 * test/unit/tracing.test.ts tests the attempt in each line.
 */
export const untraced = (line: string) => line.replace(/^\[contracts-sdk\] ([0-9a-f]{32}|-) /, '[contracts-sdk] ');

/**
 * Records every SDK event in order, with its payload. The attemptId, checked here to be one (ATTEMPT_ID), goes to
 * `attemptIds` and out of the recorded payload, so the tests of other rules compare the rest; test/unit/tracing.test.ts
 * tests the ids themselves.
 */
export function record(sdk: SvcContracts) {
  const seen: Array<[string, unknown]> = [];
  const attemptIds: string[] = [];
  for (const name of EVENT_NAMES) {
    sdk.on(name, (payload) => {
      const { attemptId, ...rest } = payload;
      if (!ATTEMPT_ID.test(attemptId)) throw new Error(`${name} without an attemptId: ${attemptId}`);
      attemptIds.push(attemptId);
      // Frozen as the SDK froze it, for the tests of that rule.
      seen.push([name, Object.isFrozen(payload) ? Object.freeze(rest) : rest]);
    });
  }
  return { seen, attemptIds, names: () => seen.map(([name]) => name) };
}

/** The message `action` throws; fails the test if it does not throw. */
export function thrownBy(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a throw');
}

/**
 * Element.moveBefore for the tests of the shared warm frame (test/unit/warm-pool.test.ts): happy-dom has none, and an
 * insertBefore there reloads nothing either. As in browsers, it refuses a node of another tree (a frame the page
 * removed, a container in another document). Without it: one frame per instance.
 */
export function installMoveBefore(): void {
  beforeEach(() => {
    Object.defineProperty(Element.prototype, 'moveBefore', {
      configurable: true,
      value(this: Element, node: Node, child: Node | null) {
        const root = (of: Node) => of.getRootNode({ composed: true });
        if (root(node) !== root(this)) throw new DOMException('not in the same tree', 'HierarchyRequestError');
        this.insertBefore(node, child);
      },
    });
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).moveBefore;
  });
}
