// The protocol's messages in one table (docs/protocol.md §3, §4, §4.5, §6, §6.2): each type, who sends it, the
// optional feature that enables it, when it counts, its fields and their rules, and the words of the docs' rows. It
// is the source the rest comes from:
// - docs/protocol.md's message tables are generated from it (lib/protocol-docs.mjs, `npm run docs:protocol`);
//   test/docs/protocol-table.test.ts fails when the committed ones differ;
// - the message types of protocol.ts, channel.ts and lifecycle.ts are mapped from it (protocol-types.ts: types
//   only, 0 bytes);
// - the build keeps every type and field name in it unshortened (lib/mangled-properties.mjs wireNames());
// - test/unit/protocol-table.test.ts holds the code to it (what parseAppMessage accepts, lifecycle.ts's inOrder,
//   each feature's negotiation), and test/unit/sdk-messages.test.ts every message the SDK posts (types, fields).
// It is not a runtime interpreter: driving validation from it cost 30 B more than the checks it would replace
// (issue #43, measured), so the bundle keeps the direct checks and tree-shaking drops this file.
import { HEARTBEAT, RENEW, UPDATE, WARM } from './protocol';
import { CANCELLED, COMPLETED, DECLINED, LOADED, LOADING, READY, type State } from './lifecycle';

export interface MessageRule {
  /** Who sends it (over the port; the handshake's on window): the app or the SDK (`focus` both ways: two rows). */
  readonly from: 'app' | 'sdk';
  readonly type: string;
  /** The optional feature both sides must have listed (§4.5); none for the messages of version 1. */
  readonly feature?: string;
  /**
   * The instance states in which an app message counts (lifecycle.ts; anything else is ignored as out of order),
   * or 'port': whenever the attempt's port is open (after an outcome too; not after an error). SDK messages: none.
   */
  readonly accepted?: readonly State[] | 'port';
  /**
   * Its fields and their rules, in the docs' words. A rule that starts with "optional" or says "absent" makes the
   * field optional in the mapped types (MessageOf).
   */
  readonly fields: Readonly<Record<string, string>>;
  /** When it is sent (the docs' "when" column). */
  readonly when: string;
  /** What the receiver does: the SDK's event for an app message, the app's part for an SDK one. */
  readonly effect: string;
}

/** The envelope of every message, both ways, both transports (docs/protocol.md §3). */
export const ENVELOPE_FIELDS = {
  protocol: '`"svc-contracts"`',
  version: '`1` in hello, in every other message the version chosen in the handshake',
  type: "the message's type",
} as const satisfies Readonly<Record<string, string>>;

/** The state names the docs use for `accepted` (docs/protocol.md §6). */
export const STATE_NAMES: Readonly<Partial<Record<State, string>>> = {
  [LOADING]: '`loading`',
  [LOADED]: '`loaded`',
  [READY]: '`ready`',
};

/** The handshake's messages over `window.postMessage` (docs/protocol.md §4.1, §4.3, §4.6), before any port. */
export const HANDSHAKE_RULES = [
  {
    from: 'app',
    type: 'hello',
    fields: { versions: 'optional, integers (§4.1)', features: 'optional, strings (§4.5)' },
    when: 'each document of the app that speaks the protocol, when it starts (§4.1)',
    effect: 'checks it (§4.2), then answers with `wait` (an app that listed `warm`) and `init`',
  },
  {
    from: 'sdk',
    type: 'wait',
    feature: WARM,
    fields: {},
    when: 'after each hello of an app that listed `warm` and speaks a version this SDK speaks, before init (§4.6)',
    effect: 'waits for init without a time limit',
  },
  {
    from: 'sdk',
    type: 'init',
    fields: {
      signingToken: 'the token',
      contractId: "the partner's, or absent",
      attemptId: 'the attempt (§6.8), absent from an SDK older than 1.3.0',
      sdkVersion: 'for the logs',
      appearance: "the partner's, or absent",
      locale: 'a BCP 47 tag, or absent',
      dir: '"ltr" or "rtl"',
      features: 'the optional features this SDK supports (§4.5), absent from an SDK older than 1.3.0',
    },
    when: 'the answer to each accepted hello, once the token is there, with the port (§4.3)',
    effect: 'checks it (§4.3) and keeps the port',
  },
] as const satisfies readonly MessageRule[];

const RUNNING = [LOADING, LOADED, READY] as const;
const SIGNER = [LOADED, READY] as const;

export const MESSAGE_RULES = [
  {
    from: 'app',
    type: 'loaded',
    accepted: [LOADING],
    fields: {},
    when: 'the app received init and its channel works',
    effect: '`contract.loaded`',
  },
  {
    from: 'app',
    type: 'ready',
    accepted: [LOADED],
    fields: { sessionId: 'optional, the rules of a code (§6.1), else dropped *(1.3.0, §6.8)*' },
    when: 'the contract is rendered and the signer can interact',
    effect:
      '`contract.ready` (and `open()` resolves); from here on every payload of the attempt carries `sessionId` (§6.8) *(1.3.0)*',
  },
  {
    from: 'app',
    type: 'completed',
    accepted: [READY],
    fields: {},
    when: 'the signer finished signing',
    effect: '`contract.completed`',
  },
  {
    from: 'app',
    type: 'declined',
    accepted: [READY],
    fields: { reason: 'optional text, cleaned (§6.1)' },
    when: 'the signer declined to sign (§6.4) *(1.2.0)*',
    effect: '`contract.declined` `{contractId, reason?}`',
  },
  {
    from: 'app',
    type: 'cancelled',
    accepted: [READY],
    fields: {},
    when: 'the signer left without signing or declining: "Finish later", "Cancel" (§6.4) *(1.2.0)*',
    effect: '`contract.cancelled`',
  },
  {
    from: 'app',
    type: 'step',
    accepted: SIGNER,
    fields: { step: 'a string, cleaned like a code (§6.1)' },
    when: 'the signer reached a step of the flow, in a shown frame (§6.4) *(1.2.0)*',
    effect: '`contract.step` `{contractId, step, elapsedMs}`',
  },
  {
    from: 'app',
    type: 'activity',
    accepted: SIGNER,
    fields: {},
    when: 'the signer interacted with the app: pointer, keyboard, scroll, in a shown frame (§6.4) *(1.2.0)*',
    effect: '`contract.activity`, at most once per 30 s per SDK instance (monotonic clock)',
  },
  {
    from: 'app',
    type: 'error',
    accepted: RUNNING,
    fields: { code: 'a code (§6.1), missing or broken: `unknown`', message: 'optional text, cleaned (§6.1)' },
    when: 'the app cannot go on',
    effect: '`contract.error` with `source: "app"`; the SDK closes the port',
  },
  {
    from: 'app',
    type: 'resize',
    accepted: 'port',
    fields: { height: 'a finite number >= 0 (§6)' },
    when: 'on every render and whenever the content height changes',
    effect:
      'none: with `height: "auto"` the frame takes that height, clamped to the partner\'s `minHeight`/`maxHeight`; otherwise ignored',
  },
  {
    from: 'app',
    type: 'beat',
    feature: HEARTBEAT,
    accepted: 'port',
    fields: {},
    when: 'the app is alive: at least every 2 s, and at once for each `ping` (§6.6) *(1.3.0)*',
    effect:
      'none; more than 10 s without a beat while watched: `contract.error` `app_unresponsive` (`source: "sdk"`, no `message`); after an outcome nothing is watched',
  },
  {
    from: 'app',
    type: 'renew',
    feature: RENEW,
    accepted: 'port',
    fields: {},
    when: 'the session is about to expire (§6.7) *(1.3.0)*',
    effect: 'none: the SDK answers with `renewed` (§6.2), also after an outcome',
  },
  {
    from: 'app',
    type: 'focus',
    accepted: 'port',
    fields: {},
    when: "only in answer to the SDK's `focus` (§6.2), when the app could not take focus itself (`document.hasFocus()` still false)",
    effect:
      "none: the SDK focuses the iframe element, once per `focus()` call and only if the page's focus has not moved since; unasked, it is ignored *(1.1.0)*",
  },
  {
    from: 'sdk',
    type: 'focus',
    fields: {},
    when: 'the partner called `focus()` after `open()` showed the frame (the SDK has not focused the iframe element); never while a prepared frame is hidden: `focus()` then does nothing *(1.3.0; 1.2.0 sent it)*',
    effect:
      'calls `window.focus()`, then focuses its first interactive control: "Sign contract" once the contract is shown, otherwise its main heading (`tabindex="-1"`); if `document.hasFocus()` is still false, sends `focus` back (§6)',
  },
  {
    from: 'sdk',
    type: 'ping',
    feature: HEARTBEAT,
    fields: {},
    when: 'no `beat` for 5 s while watched (§6.6) *(1.3.0)*',
    effect: 'sends `beat` at once',
  },
  {
    from: 'sdk',
    type: 'renewed',
    feature: RENEW,
    fields: { signingToken: 'the new token, absent (no key at all): renewal is not possible' },
    when: "the answer to the app's `renew` (§6.7) *(1.3.0)*: the partner's new token; without `signingToken`, renewal is not possible (a token string, a failing function, past the bound)",
    effect:
      'continues the session with the token, without a reload; without one, ends with `error` `session_expired` when the session expires',
  },
  {
    from: 'sdk',
    type: 'update',
    feature: UPDATE,
    fields: {
      appearance: "optional, as init's (absent: the app's default)",
      locale: "optional, as init's (absent: the app's default)",
      dir: '"ltr" or "rtl", always',
    },
    when: 'the partner called `update()` *(1.3.0)*, in any state while the port is up (after an outcome too, §6); the whole current presentation, so the app never merges',
    effect:
      "checks every value again (as init's), then applies it in place: same document, no reload, no new session, no repeated event; an app that did not list `update` gets none and applies a change at its next init",
  },
] as const satisfies readonly MessageRule[];

/** The states an app message can arrive in at all: from the handshake until the outcome, and after it. */
export const PORT_OPEN: readonly State[] = [LOADING, LOADED, READY, COMPLETED, DECLINED, CANCELLED];

/** The features the docs' §4.5 table lists, in its order: since when, and what each adds (its messages follow). */
export const FEATURE_ROWS = [
  { feature: RENEW, since: '1.3.0', adds: 'token renewal without a reload (§6.7)' },
  { feature: HEARTBEAT, since: '1.3.0', adds: 'a frozen or crashed app is reported (§6.6)' },
  { feature: WARM, since: '1.3.0', adds: 'the app waits for init, however late, once told `wait` (§4.6)' },
  {
    feature: UPDATE,
    since: '1.3.0',
    adds: "the partner's `update()` reaches the running app, applied in place (§6.2)",
  },
] as const;
