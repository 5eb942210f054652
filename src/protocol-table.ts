// The protocol's messages in one table (docs/protocol.md §6, §6.2, §4.5; the handshake's, §4, apart): each type,
// who sends it, the optional feature that enables it, when it counts and its fields. The build keeps every type and
// field name in it unshortened (lib/mangled-properties.mjs wireNames()). It is the record the rest is checked
// against, not a runtime interpreter: test/docs/protocol-table.test.ts holds docs/protocol.md's message tables to it,
// and test/unit/protocol-table.test.ts holds the code to it (which types parseAppMessage accepts, lifecycle.ts's
// inOrder, the negotiation of each feature's messages). Driving validation from it at runtime cost 30 B more than the
// checks it would replace (issue #43, measured), so the bundle keeps the direct checks and tree-shaking drops this.
import { HEARTBEAT, RENEW, UPDATE, WARM } from './protocol';
import { CANCELLED, COMPLETED, DECLINED, LOADED, LOADING, READY, type State } from './lifecycle';

export interface MessageRule {
  /** Who sends it (over the port; the handshake's on window): the app or the SDK (`focus` both ways: two rows). */
  from: 'app' | 'sdk';
  type: string;
  /** The optional feature both sides must have listed (§4.5); none for the messages of version 1. */
  feature?: string;
  /**
   * The instance states in which an app message counts (lifecycle.ts; anything else is ignored as out of order),
   * or 'port': whenever the attempt's port is open (after an outcome too; not after an error). SDK messages: none.
   */
  accepted?: readonly State[] | 'port';
  /** Its fields and their rules, in the words of docs/protocol.md's tables (absent or wrong: see §6, §6.1). */
  fields: Readonly<Record<string, string>>;
}

/** The envelope of every message, both ways, both transports (docs/protocol.md §3). */
export const ENVELOPE_FIELDS: Readonly<Record<string, string>> = {
  protocol: '"svc-contracts"',
  version: 'hello: 1; every other message: the version chosen in the handshake',
  type: "the message's type",
};

/** The handshake's messages over `window.postMessage` (docs/protocol.md §4.1, §4.3, §4.6), before any port. */
export const HANDSHAKE_RULES: readonly MessageRule[] = [
  {
    from: 'app',
    type: 'hello',
    fields: { versions: 'optional, integers (§4.1)', features: 'optional, strings (§4.5)' },
  },
  { from: 'sdk', type: 'wait', feature: WARM, fields: {} },
  {
    from: 'sdk',
    type: 'init',
    fields: {
      signingToken: 'the token',
      contractId: "the partner's, or absent",
      attemptId: 'the attempt (§6.8)',
      sdkVersion: 'for the logs',
      appearance: "the partner's, or absent",
      locale: 'a BCP 47 tag, or absent',
      dir: '"ltr" or "rtl"',
      features: 'the optional features this SDK supports (§4.5)',
    },
  },
];

const RUNNING: readonly State[] = [LOADING, LOADED, READY];
const SIGNER: readonly State[] = [LOADED, READY];

export const MESSAGE_RULES: readonly MessageRule[] = [
  { from: 'app', type: 'loaded', accepted: [LOADING], fields: {} },
  {
    from: 'app',
    type: 'ready',
    accepted: [LOADED],
    fields: { sessionId: 'optional, the rules of a code (§6.1); otherwise dropped (1.3.0)' },
  },
  { from: 'app', type: 'completed', accepted: [READY], fields: {} },
  { from: 'app', type: 'declined', accepted: [READY], fields: { reason: 'optional text, cleaned (§6.1)' } },
  { from: 'app', type: 'cancelled', accepted: [READY], fields: {} },
  { from: 'app', type: 'step', accepted: SIGNER, fields: { step: 'a string, cleaned like a code (§6.1)' } },
  { from: 'app', type: 'activity', accepted: SIGNER, fields: {} },
  { from: 'app', type: 'error', accepted: RUNNING, fields: { code: 'a code (§6.1)', message: 'optional text' } },
  { from: 'app', type: 'resize', accepted: 'port', fields: { height: 'a finite number >= 0' } },
  { from: 'app', type: 'beat', feature: HEARTBEAT, accepted: 'port', fields: {} },
  { from: 'app', type: 'renew', feature: RENEW, accepted: 'port', fields: {} },
  { from: 'app', type: 'focus', accepted: 'port', fields: {} },
  { from: 'sdk', type: 'focus', fields: {} },
  { from: 'sdk', type: 'ping', feature: HEARTBEAT, fields: {} },
  { from: 'sdk', type: 'renewed', feature: RENEW, fields: { signingToken: 'the new token; absent: not possible' } },
  {
    from: 'sdk',
    type: 'update',
    feature: UPDATE,
    fields: { appearance: "optional, as init's", locale: "optional, as init's", dir: '"ltr" or "rtl"' },
  },
];

/** The states an app message can arrive in at all: from the handshake until the outcome, and after it. */
export const PORT_OPEN: readonly State[] = [LOADING, LOADED, READY, COMPLETED, DECLINED, CANCELLED];
