// The message types, mapped from the protocol's table (src/protocol-table.ts, `as const`): types only, so nothing
// of the table reaches the bundle. A row's type or field changed in the table changes the type the code handles, and
// the code that no longer fits it fails to compile.
import type { HANDSHAKE_RULES, MESSAGE_RULES } from './protocol-table';
import type { State } from './lifecycle';
import type { Appearance } from './types';

/** What each field holds once read: an app's after parseAppMessage's checks, the SDK's as it sends it. */
interface FieldValues {
  sessionId: string;
  reason: string;
  step: string;
  code: string;
  message: string;
  height: number;
  signingToken: string;
  contractId: string;
  attemptId: string;
  sdkVersion: string;
  features: readonly string[];
  appearance: Appearance;
  locale: string;
  dir: 'ltr' | 'rtl';
}
type OptionalRule = `optional${string}` | `${string}absent${string}`;
type Value<K> = K extends keyof FieldValues ? FieldValues[K] : never;
type FieldsOf<F> = { -readonly [K in keyof F as F[K] extends OptionalRule ? never : K]: Value<K> } & {
  -readonly [K in keyof F as F[K] extends OptionalRule ? K : never]?: Value<K>;
};
/** A row's message as the code handles it: its type and its fields (the envelope aside). */
export type MessageOf<Rule> = Rule extends { type: infer T; fields: infer F } ? { type: T } & FieldsOf<F> : never;

export type PortRule = (typeof MESSAGE_RULES)[number];
/** The app's port messages: each row from the app. */
export type AppRule = Extract<PortRule, { from: 'app' }>;
/** The SDK's port messages: each row from the SDK. */
export type SdkRule = Extract<PortRule, { from: 'sdk' }>;
export type SdkType = SdkRule['type'];
/** Every message the SDK posts: its port messages and its part of the handshake (wait, init). */
export type SentRule = SdkRule | Extract<(typeof HANDSHAKE_RULES)[number], { from: 'sdk' }>;
export type SentType = SentRule['type'];
/** The fields of the SDK's message of `type`, the envelope aside. */
export type SentFields<T extends SentType> = Omit<MessageOf<Extract<SentRule, { type: T }>>, 'type'>;

/** An app's port message of the table's (src/protocol-table.ts) other than the channel's own. */
export type AppMessage = MessageOf<Exclude<AppRule, { feature: string } | { type: 'focus' }>>;
/** Renewal and heartbeat (docs/protocol.md §6.6, §6.7), each feature's app message: the channel's, they never reach the instance. */
export type KeepAliveMessage = MessageOf<Extract<AppRule, { feature: string }>>;
/** Posts an SDK → app message of the table's over the port: its type and its fields (docs/protocol.md §6.2). */
export type SendToApp = <T extends SdkType>(type: T, fields?: SentFields<T>) => void;
/** The app could not take focus and asks for the frame element to be focused (§6.2): the channel's to answer. */
export type FocusRequest = MessageOf<Extract<AppRule, { type: 'focus' }>>;
/**
 * The app's progress messages (lifecycle.ts PROGRESS): the table's app messages that count in exactly one state.
 */
export type ProgressType = Extract<AppRule, { accepted: readonly [State] }>['type'];
