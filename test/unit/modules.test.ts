// The small modules on their own: protocol parsing, the emitter, cleanup, and the signing-app address rule.
import { describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../src/config';
import { resolveSigningApp } from '../../src/app-url';
import { createCleanup } from '../../src/cleanup';
import { createAttemptIds } from '../../src/attempt-ids';
import { createEmitter } from '../../src/emitter';
import {
  PROTOCOL,
  SDK_FEATURES,
  SUPPORTED_VERSIONS,
  helloFeatures,
  helloVersion,
  initMessage,
  parseAppMessage,
} from '../../src/protocol';
import { SDK_VERSION } from '../../src/version';

const TOKEN = 'sbx_complete_module-token';
const message = (type: string, extra: object = {}, version = 1) => ({ protocol: PROTOCOL, version, type, ...extra });

describe('protocol', () => {
  it('reads hello: versions offered, the highest common one chosen, 0 for none, undefined for junk', () => {
    expect(SUPPORTED_VERSIONS).toEqual([1]);
    expect(helloVersion(message('hello'))).toBe(1);
    expect(helloVersion(message('hello', { versions: [3, 1, 2] }))).toBe(1);
    expect(helloVersion(message('hello', { versions: [2] }))).toBe(0);
    expect(helloVersion(message('hello', { versions: [] }))).toBe(0);
    expect(helloVersion(message('hello', {}, 2))).toBeUndefined();
    expect(helloVersion(message('ready'))).toBeUndefined();
    expect(helloVersion(null)).toBeUndefined();
  });

  it('parses port messages of the chosen version only', () => {
    expect(parseAppMessage(message('ready'), 1, [TOKEN])).toEqual({ type: 'ready' });
    expect(parseAppMessage(message('ready', {}, 2), 1, [TOKEN])).toBeUndefined();
    expect(parseAppMessage(message('resize', { height: 10 }), 1, [TOKEN])).toEqual({ type: 'resize', height: 10 });
    expect(parseAppMessage(message('error', { code: 'x.y-z_1', message: `a ${TOKEN}` }), 1, [TOKEN])).toEqual({
      type: 'error',
      code: 'x.y-z_1',
      message: 'a [redacted]',
    });
    expect(parseAppMessage(message('hello'), 1, [TOKEN])).toBeUndefined();
  });

  it('builds init with the chosen version, the token, contractId, attemptId, sdkVersion and the presentation', () => {
    const appearance = { theme: 'dark' as const };
    expect(
      initMessage(1, TOKEN, { contractId: 'c' } as Settings, 'a1', {
        appearance,
        locale: 'de',
        dir: 'rtl',
      }),
    ).toStrictEqual({
      protocol: PROTOCOL,
      version: 1,
      type: 'init',
      signingToken: TOKEN,
      contractId: 'c',
      attemptId: 'a1',
      sdkVersion: SDK_VERSION,
      appearance,
      locale: 'de',
      dir: 'rtl',
      features: SDK_FEATURES,
    });
  });

  it('reads the features of a hello that this SDK supports too, from own entries only', () => {
    expect(helloFeatures(message('hello'))).toEqual([]);
    expect(helloFeatures(message('hello', { features: ['not-a-feature', 7, null] }))).toEqual([]);
    expect(helloFeatures(message('hello', { features: 'heartbeat' }))).toEqual([]);
    const hostile = message('hello');
    Object.defineProperty(hostile, 'features', {
      get() {
        throw new Error('hostile getter');
      },
    });
    expect(helloFeatures(hostile)).toEqual([]);
    for (const feature of SDK_FEATURES) {
      expect(helloFeatures(message('hello', { features: ['x', feature] }))).toEqual([feature]);
      // A hole is no entry, whatever Array.prototype says.
      const holes: unknown[] = [];
      holes.length = 2;
      Object.defineProperty(Array.prototype, '1', { value: feature, configurable: true });
      try {
        expect(helloFeatures(message('hello', { features: holes }))).toEqual([]);
      } finally {
        delete (Array.prototype as unknown as Record<string, unknown>)['1'];
      }
    }
  });
});

describe('emitter', () => {
  it('calls handlers in order of registration over a snapshot of the list', () => {
    const emitter = createEmitter(undefined, createAttemptIds(), () => {});
    const calls: string[] = [];
    const late = () => calls.push('late');
    emitter.on('contract.ready', () => {
      calls.push('a');
      emitter.on('contract.ready', late); // added during emit: not called by this emit
    });
    emitter.once('contract.ready', () => calls.push('b'));
    emitter.on('contract.ready', () => calls.push('c'));
    emitter.emit('contract.ready');
    expect(calls).toEqual(['a', 'b', 'c']);
    emitter.emit('contract.ready');
    expect(calls).toEqual(['a', 'b', 'c', 'a', 'c', 'late']);
  });

  it('off() removes on() and once() handlers; clear() removes all', () => {
    const emitter = createEmitter(undefined, createAttemptIds(), () => {});
    const handler = vi.fn();
    emitter.once('contract.error', handler);
    emitter.off('contract.error', handler);
    emitter.on('contract.loaded', handler);
    emitter.clear();
    emitter.emit('contract.error', { code: 'x', source: 'app', message: undefined });
    emitter.emit('contract.loaded');
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('cleanup', () => {
  it('runs every task once, newest first, and keeps going past a failing one', () => {
    const cleanup = createCleanup();
    const order: number[] = [];
    cleanup.add(() => order.push(1));
    cleanup.add(() => {
      throw new Error('undo failed');
    });
    cleanup.add(() => order.push(3));
    cleanup.run();
    cleanup.run();
    expect(order).toEqual([3, 1]);
    cleanup.add(() => order.push(4));
    cleanup.run();
    expect(order).toEqual([3, 1, 4]);
  });
});

describe('signing-app address', () => {
  it.each([
    ['https://sign.example.com', 'https://sign.example.com', 'https://sign.example.com/embed'],
    [
      'https://sign.example.com:8443/base//',
      'https://sign.example.com:8443',
      'https://sign.example.com:8443/base/embed',
    ],
    ['http://localhost:3000', 'http://localhost:3000', 'http://localhost:3000/embed'],
    ['http://sign.localhost:8445', 'http://sign.localhost:8445', 'http://sign.localhost:8445/embed'],
    ['http://127.0.0.1:9', 'http://127.0.0.1:9', 'http://127.0.0.1:9/embed'],
  ])('%s → origin %s, embed page %s', (address, origin, embedUrl) => {
    expect(resolveSigningApp(address, 'config.appUrl')).toEqual({ origin, embedUrl });
  });

  it.each([
    'http://sign.example.com',
    'http://localhost.evil.example',
    'https://a:b@sign.example.com',
    'https://sign.example.com/?q',
    'https://sign.example.com/#f',
    'javascript:alert(1)',
    '',
  ])('refuses %s, naming the option and the rule', (address) => {
    expect(() => resolveSigningApp(address, 'config.appUrl')).toThrow(
      /config\.appUrl must be an https: URL \(http: on localhost only\) without credentials, query or fragment/,
    );
  });
});
