// What the docs promise, as data: the phases of one SvcContracts instance, the app's messages and what each does
// (README.md: Events, Methods, Errors; docs/protocol.md §4-7), the SDK's own failure texts, and what a test
// observes. lifecycle-model.ts plays these rules step by step.
//
// Adding an app message: one entry in APP_MESSAGES (for a progress message, the phase it must arrive in and the
// phase it leads to; it emits contract.<type>). Adding a state: a Phase, and the entries that lead into it.
import { APP_ORIGIN, TOKEN } from '../unit/fake-app';

export type Phase = 'idle' | 'loading' | 'loaded' | 'ready' | 'completed' | 'declined' | 'cancelled' | 'failed';
/** Phases in which the app may still report an error (before the outcome). */
export const RUNNING: readonly Phase[] = ['loading', 'loaded', 'ready'];
/** Phases in which the SDK's own loading failures (timeout, no hello, offline, CSP, token) still apply. */
export const LOADING: readonly Phase[] = ['loading', 'loaded'];
/** Phases after which open() starts a new attempt (a retry, a resume); in the others it returns the same promise. */
export const REOPENS: readonly Phase[] = ['failed', 'declined', 'cancelled'];

/**
 * The app's messages over the port (docs/protocol.md §6): a progress message moves `from` → `to` and emits
 * `contract.<type>` (with `payload`'s fields); out of order it is ignored. The others are handled by name in
 * LifecycleModel.send. `weight`: how often the generated runs send it (progress often, so that runs get far).
 */
export const APP_MESSAGES = {
  loaded: { progress: ['loading', 'loaded'], weight: 8 },
  ready: { progress: ['loaded', 'ready'], weight: 8 },
  completed: { progress: ['ready', 'completed'], weight: 5 },
  declined: {
    progress: ['ready', 'declined'],
    // No reason: no key (docs/protocol.md §6.4).
    payload: ({ reason }) => (EXPECTED_MESSAGE(reason) === undefined ? {} : { reason: EXPECTED_MESSAGE(reason) }),
    weight: 2,
  },
  cancelled: { progress: ['ready', 'cancelled'], weight: 2 },
  error: { weight: 2 },
  step: { weight: 3 },
  activity: { weight: 4 },
  resize: { weight: 2 },
  focus: { weight: 1 },
  malformed: { weight: 1 },
  // 1.3.0 (docs/protocol.md §6.6, §6.7): the model's hello lists both features.
  renew: { weight: 2 },
  beat: { weight: 3 },
} satisfies Record<string, AppMessageRule>;
export type AppMessageType = keyof typeof APP_MESSAGES;
export interface AppMessageRule {
  progress?: readonly [from: Phase, to: Phase];
  /** The event's fields besides contractId, from the message's fields (as actions.ts sends them). */
  payload?: (fields: Record<string, unknown>) => Record<string, unknown>;
  weight: number;
}

/**
 * How the app's codes and texts reach the partner (docs/protocol.md §6.1), for the values actions.ts sends
 * ("<token>" stands for the attempt's token: such a code is "unknown", such text redacted; "<a piece of the token>"
 * for 12 characters of it: "unknown" too).
 */
export const EXPECTED_CODE = (code: unknown): string =>
  typeof code === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(code) && !['constructor', '__proto__'].includes(code)
    ? code
    : 'unknown';
const CLEANED: Record<string, string> = {
  'Session expired.': 'Session expired.',
  ' \u202Eline\nbreak\u200B ': 'line break',
  'token=<token>': 'token=[redacted]',
};
export const EXPECTED_MESSAGE = (message: unknown): string | undefined =>
  typeof message === 'string' ? CLEANED[message] : undefined;

export const OFFLINE = 'The browser is offline.';
export const NEWER_SDK = 'The signing app needs a newer SDK version: load the current one.';
export const notReady = (ms: number) => `The signing experience was not ready within ${ms} ms.`;
export const afterDestroy = (method: string) =>
  `[contracts-sdk] ${method}() after destroy(): create a new SvcContracts.`;
export const detached = (method: string) =>
  `[contracts-sdk] ${method}(): the container is not in the document; attach it first.`;
/** User Timing names of the signer's wait (README: Performance), in the order the attempt reaches them. */
export const WAIT_MEASURES = ['contracts-sdk:open-to-loaded', 'contracts-sdk:open-to-ready'] as const;
/** The signing-app origins of the run's other instances (construct steps): the same as the instance's, or another. */
export const OTHER_ORIGINS = { same: APP_ORIGIN, other: 'https://other-sign.test' } as const;
export const HELLO_AFTER_LOAD_MS = 3000;
/** contract.activity at most this often per instance; contract.step at most this many times per attempt. */
export const ACTIVITY_INTERVAL_MS = 30_000;
export const MAX_STEPS = 100;
/** The features the model's app lists in hello (docs/protocol.md §6.6, §6.7). */
export const APP_FEATURES = ['renew', 'heartbeat'];
/**
 * The watchdog: a check every second from the first beat; checks more than 2 s apart (the first one, counted from 0,
 * included) start the count again; the 6th silent check in a row pings, the 11th reports app_unresponsive.
 */
export const CHECK_EVERY_MS = 1000;
export const PING_AT_CHECK = 6;
export const UNRESPONSIVE_AT_CHECK = 11;
/** Renewal: at most this many token function calls per attempt. */
export const MAX_RENEWALS = 10;

export interface RunConfig {
  /** How the partner starts an attempt when `proceed` does: open() on the click, or prepare() ahead and open() once ready. */
  start: 'open' | 'prepare';
  token: 'string' | 'function';
  autoHeight: boolean;
  loadTimeout: number;
  contractId: string | undefined;
}
export const MIN_HEIGHT = 100;
export const MAX_HEIGHT = 2000;

/** The token a function gives for attempt `n` (each attempt asks once). */
export const functionToken = (attempt: number) => `fn-tok-${attempt}-9c2e7f3a-SECRET`;
/** The token the function gives for the run's `k`th renewal call (any attempt). */
export const renewalToken = (k: number) => `renew-tok-${k}-5b8d1c4e-SECRET`;
export const tokenOf = (config: RunConfig, attempt: number) =>
  config.token === 'string' ? TOKEN : functionToken(attempt);

/** What the partner's page and the app can see; the model's prediction and the real instance's state are compared. */
export interface Observation {
  events: Array<[string, Record<string, unknown>]>;
  /** Events seen by a second handler added with on() / once(), while added. */
  every: string[];
  once: string[];
  /** The attempts whose iframe is in the container. */
  frames: number[];
  /** Per attempt: each init the app received (token and target origin). */
  inits: Array<Array<{ token: string; targetOrigin: string }>>;
  /** Per open() or prepare() call: the earlier call that returned the same promise (or itself), and how it settled. */
  opens: Array<{ same: number; settled: string }>;
  thrown: string[];
  /** Per attempt: the iframe's style height. */
  heights: string[];
  /** Per attempt: the iframe's inline display, 'none' (prepared, hidden) or 'block' (shown by open()). */
  displays: string[];
  /** Each performance.measure the SDK made, in order, with the attempt that was current then. */
  measures: Array<[attempt: number, name: string]>;
  /**
   * Per attempt: what the SDK sent its app over the ports besides init and focus, as "<port>:<type>" (the attempt's
   * port, 0 first), with the token for `renewed`.
   */
  sent: string[][];
  /** Per attempt: how many renewal calls of the token function it made. */
  renewals: number[];
}
