import { hasOwn } from './errors';
import { redactString } from './redact';

// The wire format of docs/protocol.md (version 1). Receivers ignore anything they do not recognise.
export const PROTOCOL = 'svc-contracts';
export const PROTOCOL_VERSION = 1;

export type AppMessage =
  | { type: 'loaded' | 'ready' | 'completed' }
  | { type: 'error'; code: string; message: string | undefined };

const CODE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const MAX_MESSAGE_LENGTH = 300;
// C0/C1 controls and bidirectional overrides: plain text only, and nothing that can disguise itself.
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** The `type` of a valid version-1 envelope, read from own properties only; undefined for anything else. */
function envelopeType(data: unknown): string | undefined {
  try {
    if (typeof data !== 'object' || data === null) return undefined;
    const proto = Object.getPrototypeOf(data);
    if (proto !== Object.prototype && proto !== null) return undefined;
    const protocol = own(data, 'protocol');
    const version = own(data, 'version');
    const type = own(data, 'type');
    return protocol === PROTOCOL && version === PROTOCOL_VERSION && typeof type === 'string' ? type : undefined;
  } catch {
    return undefined; // a hostile getter or proxy: treat as junk
  }
}

function own(data: object, key: string): unknown {
  return hasOwn(data, key) ? (data as Record<string, unknown>)[key] : undefined;
}

export function isHello(data: unknown): boolean {
  return envelopeType(data) === 'hello';
}

/** Validates a message from the app's port; `token` is redacted out of any diagnostic text. */
export function parseAppMessage(data: unknown, token: string): AppMessage | undefined {
  const type = envelopeType(data);
  if (type === 'loaded' || type === 'ready' || type === 'completed') return { type };
  if (type !== 'error') return undefined;
  const code = own(data as object, 'code');
  const message = own(data as object, 'message');
  return {
    type,
    code: typeof code === 'string' && CODE_PATTERN.test(code) ? code : 'unknown',
    message: typeof message === 'string' ? sanitize(message, token) : undefined,
  };
}

function sanitize(text: string, token: string): string | undefined {
  const clean = redactString(text.replace(UNSAFE_CHARACTERS, ' '), token).trim().slice(0, MAX_MESSAGE_LENGTH);
  return clean || undefined;
}

export function initMessage(token: string, contractId: string | undefined, sdkVersion: string) {
  return { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'init', signingToken: token, contractId, sdkVersion };
}
