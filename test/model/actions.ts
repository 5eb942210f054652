// The steps a partner page, the signing app, the browser and time can take on one SvcContracts instance, as plain
// data: the model (lifecycle-model.ts) and the real instance (real-instance.ts) each perform them, and
// fast-check generates, shrinks and prints them (lifecycle.test.ts).
import fc from 'fast-check';
import { EVENT_NAMES } from '../../src/emitter';
import type { LifecycleModel, ReentrantCall } from './lifecycle-model';
import { APP_MESSAGES, type AppMessageRule, type AppMessageType, type OTHER_ORIGINS } from './lifecycle-spec';

/** The partner's calls, and the browser's events that concern the whole page. */
type CallKind =
  | 'open'
  | 'prepare'
  | 'close'
  | 'destroy'
  | 'focus'
  | 'detach'
  | 'attach'
  | 'offline'
  | 'online'
  | 'csp'
  | 'hidden'
  | 'visible';

/**
 * A step. attemptsAgo picks the attempt (0: the newest one, 1: the one before, ...) whose app or token function
 * acts; stalePort sends over that app's previous port (closed when it reloaded).
 */
export type Action =
  | { kind: 'proceed' }
  | { kind: CallKind }
  | { kind: 'on' | 'off'; handler: 'every' | 'once' }
  /** A once() handler for `event` that calls open(), close() or destroy() from inside the emit. */
  | { kind: 'reenter'; event: string; call: ReentrantCall }
  | { kind: 'hello'; attemptsAgo: number; variant: 'valid' | 'wrong origin' | 'no common version' }
  | { kind: 'load'; attemptsAgo: number }
  | { kind: 'send'; attemptsAgo: number; stalePort: boolean; message: AppMessageType; extra: Record<string, unknown> }
  | { kind: 'token'; attemptsAgo: number; outcome: 'resolve' | 'reject' | 'empty' }
  /** The token function settles that attempt's renewal call (docs/protocol.md §6.7). */
  | { kind: 'renewal'; attemptsAgo: number; outcome: 'resolve' | 'reject' }
  | { kind: 'advance'; ms: number }
  /**
   * Another instance on the page (its own container), for the same signing app or another; destroy() on one. They
   * share nothing with the instance under test: neither changes anything it does.
   */
  | { kind: 'construct'; origin: keyof typeof OTHER_ORIGINS }
  | { kind: 'destroyOther'; index: number };

// Mostly the current attempt's app; sometimes an earlier one's, whose messages must change nothing.
const attemptsAgo = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 3 }) },
);

// The app's error codes and messages: known, new, malformed, prototype names, and text carrying the token.
export const ERROR_CODES = [
  'not_found',
  'loading_error',
  'new_code.v2',
  'constructor',
  '__proto__',
  'bad code',
  7,
  '<token>',
] as const;
export const ERROR_MESSAGES = [
  undefined,
  'Session expired.',
  ' \u202Eline\nbreak\u200B ',
  'token=<token>',
  42,
] as const;

const messageExtra = (type: AppMessageType): fc.Arbitrary<Record<string, unknown>> => {
  if (type === 'error') {
    return fc.record({ code: fc.constantFrom(...ERROR_CODES), message: fc.constantFrom(...ERROR_MESSAGES) });
  }
  if (type === 'declined') return fc.record({ reason: fc.constantFrom(...ERROR_MESSAGES) });
  if (type === 'step')
    return fc.record({
      step: fc.constantFrom(
        'document_viewed',
        'signature_started',
        'new_step.v2',
        '__proto__',
        'bad step',
        7,
        '<token>',
        '<a piece of the token>',
      ),
    });
  if (type === 'resize') return fc.record({ height: fc.oneof(fc.integer({ min: 0, max: 9000 }), fc.constant(-1)) });
  return fc.constant({});
};

const sendArbitrary = (message: AppMessageType): fc.Arbitrary<Action> =>
  fc.record({
    kind: fc.constant('send' as const),
    attemptsAgo,
    stalePort: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    message: fc.constant(message),
    extra: messageExtra(message),
  });
const call = (kind: CallKind) => fc.constant({ kind } as Action);
const hello = (variant: 'valid' | 'wrong origin' | 'no common version') =>
  fc.record({ kind: fc.constant('hello' as const), attemptsAgo, variant: fc.constant(variant) });
const token = (outcome: 'resolve' | 'reject' | 'empty') =>
  fc.record({ kind: fc.constant('token' as const), attemptsAgo, outcome: fc.constant(outcome) });

/**
 * Every step, with its weight (out of about 100). The steps that move an attempt on are common and the ones that
 * end it rare, so that runs of 40 steps regularly get through the handshake to ready and completed and still
 * meet every ending on the way.
 */
export const STEP_WEIGHTS: Array<[number, fc.Arbitrary<Action>]> = [
  // the next step of a signing that goes well, whatever it is now (the model's state picks it: nextStep below)
  [20, fc.constant({ kind: 'proceed' } as Action)],
  [8, call('open')],
  [4, call('prepare')],
  [10, hello('valid')],
  [6, token('resolve')],
  // every app message, at its weight in the model's table
  ...(Object.keys(APP_MESSAGES) as AppMessageType[]).map((message): [number, fc.Arbitrary<Action>] => [
    APP_MESSAGES[message].weight,
    sendArbitrary(message),
  ]),
  // ending an attempt
  [2, call('close')],
  [1, call('destroy')],
  [1, call('offline')],
  [1, call('csp')],
  [1, call('detach')],
  [2, token('reject')],
  [2, token('empty')],
  [1, hello('no common version')],
  [
    6,
    fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.constantFrom(1, 999, 2999, 3000, 5000, 10000, 10000, 30000),
    }),
  ],
  // the page hidden and shown again; the token function answering a renewal
  [2, call('hidden')],
  [2, call('visible')],
  [
    3,
    fc.record({
      kind: fc.constant('renewal' as const),
      attemptsAgo,
      outcome: fc.constantFrom('resolve' as const, 'resolve' as const, 'reject' as const),
    }),
  ],
  // changing nothing the partner sees
  [1, call('online')],
  [1, call('attach')],
  [1, call('focus')],
  [
    2,
    fc.record({
      kind: fc.constantFrom('on' as const, 'off' as const),
      handler: fc.constantFrom('every' as const, 'once' as const),
    }),
  ],
  [2, fc.record({ kind: fc.constant('load' as const), attemptsAgo })],
  [1, hello('wrong origin')],
  // other instances beside it (same signing app or another): they share nothing with it
  [
    1,
    fc.record({ kind: fc.constant('construct' as const), origin: fc.constantFrom('same' as const, 'other' as const) }),
  ],
  [1, fc.record({ kind: fc.constant('destroyOther' as const), index: fc.integer({ min: 0, max: 2 }) })],
  // calls from inside an event handler
  [
    3,
    fc.record({
      kind: fc.constant('reenter' as const),
      event: fc.constantFrom(...EVENT_NAMES),
      call: fc.constantFrom<ReentrantCall>('open', 'open', 'prepare', 'close', 'destroy'),
    }),
  ],
];

export const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  ...STEP_WEIGHTS.map(([weight, arbitrary]) => ({ weight, arbitrary })),
);

/** How a step is printed in a counterexample: short enough to read, exact enough to replay by hand. */
export function describeAction(action: Action): string {
  switch (action.kind) {
    case 'on':
    case 'off':
      return `${action.kind}(${action.handler})`;
    case 'reenter':
      return `once(${action.event}, () => ${action.call}())`;
    case 'hello':
      return `app${ago(action.attemptsAgo)}.hello(${action.variant})`;
    case 'load':
      return `app${ago(action.attemptsAgo)}.frameLoad`;
    case 'send': {
      const fields = Object.keys(action.extra).length ? ` ${JSON.stringify(action.extra)}` : '';
      return `app${ago(action.attemptsAgo)}.send${action.stalePort ? 'OnOldPort' : ''}(${action.message}${fields})`;
    }
    case 'token':
      return `token${ago(action.attemptsAgo)}.${action.outcome}`;
    case 'renewal':
      return `renewal${ago(action.attemptsAgo)}.${action.outcome}`;
    case 'advance':
      return `advance(${action.ms} ms)`;
    case 'proceed':
      return 'proceed';
    case 'construct':
      return `new SvcContracts(${action.origin} origin)`;
    case 'destroyOther':
      return `other[${action.index}].destroy()`;
    default:
      return `${action.kind}()`;
  }
}

const ago = (attempts: number) => (attempts === 0 ? '' : `[${attempts} attempts ago]`);

/** One step on the model: a call of the partner's, an event of the browser's, a message of the app's, time passing. */
export function perform(model: LifecycleModel, action: Action): void {
  switch (action.kind) {
    case 'proceed':
      throw new Error('proceed is resolved by nextStep() before it is performed');
    case 'open':
    case 'prepare':
    case 'close':
    case 'destroy':
    case 'detach':
    case 'attach':
    case 'csp':
      return model[action.kind]();
    case 'focus':
      return model.focus();
    case 'offline':
      return model.goOffline();
    case 'online':
      return model.goOnline();
    case 'hidden':
    case 'visible':
      return model.setVisible(action.kind === 'visible');
    case 'on':
    case 'off':
      return model[action.kind](action.handler);
    case 'reenter':
      return model.reenter(action.event, action.call);
    case 'advance':
      return model.advance(action.ms);
    case 'construct':
    case 'destroyOther':
      return; // another instance changes nothing this one does or shows
    default: {
      const n = model.attempts.length - 1 - action.attemptsAgo;
      if (n < 0) return; // no such attempt yet
      if (action.kind === 'token') return model.token(n, action.outcome);
      if (action.kind === 'renewal') return model.renewal(n, action.outcome);
      if (action.kind === 'load') return model.frameLoad(n);
      if (action.kind === 'hello') return model.hello(n, action.variant);
      return model.send(n, action.stalePort, action.message, action.extra);
    }
  }
}

/**
 * What `proceed` plays now: the next step of a signing that goes well (open(), or prepare() in the runs that prepare
 * ahead; hello, token, progress; a prepared attempt once ready is opened, the signer's click; once ready and shown,
 * a step and activity).
 */
export function nextStep(model: LifecycleModel): Action {
  const attempt = model.attempts[model.current];
  if (model.destroyed || !attempt?.live) return { kind: model.config.start };
  if (!attempt.shown && model.phase === 'ready') return { kind: 'open' };
  if (!attempt.heard) return { kind: 'hello', attemptsAgo: 0, variant: 'valid' };
  if (attempt.token === 'pending') return { kind: 'token', attemptsAgo: 0, outcome: 'resolve' };
  // Once ready, the signer looks at the document and moves in the frame before finishing.
  const send = (message: AppMessageType, extra: Record<string, unknown> = {}): Action => ({
    kind: 'send',
    attemptsAgo: 0,
    stalePort: false,
    message,
    extra,
  });
  if (model.phase === 'ready' && attempt.steps.size === 0) return send('step', { step: 'document_viewed' });
  if (model.phase === 'ready' && attempt.activityReports === 0) return send('activity');
  // A long signing: the app's heartbeat starts, and its session is renewed once (docs/protocol.md §6.6, §6.7).
  if (model.phase === 'ready' && attempt.nextCheck === undefined) return send('beat');
  if (model.phase === 'ready' && attempt.renewing) return { kind: 'renewal', attemptsAgo: 0, outcome: 'resolve' };
  if (model.phase === 'ready' && attempt.renewals === 0 && attempt.sent.length === 0) return send('renew');
  const rules: Record<string, AppMessageRule> = APP_MESSAGES;
  const next = (Object.keys(APP_MESSAGES) as AppMessageType[]).find(
    (type) => rules[type].progress?.[0] === model.phase,
  );
  return next ? send(next) : { kind: 'open' };
}
