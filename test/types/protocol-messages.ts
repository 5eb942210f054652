// Type tests of the message types mapped from src/protocol-table.ts (src/protocol-types.ts): compiled by
// `npm run typecheck`, never run. A mapping that collapsed (to never, or to any field) would let the code send or
// read anything; these pin what each row gives the code. Each @ts-expect-error line must fail to compile.
import type { AppMessage, FocusRequest, KeepAliveMessage, SendToApp } from '../../src/protocol';
import type { SentFields } from '../../src/protocol-types';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <T extends true>(): T | undefined => undefined;

same<
  Equal<
    AppMessage['type'],
    'loaded' | 'ready' | 'completed' | 'declined' | 'cancelled' | 'step' | 'activity' | 'error' | 'resize'
  >
>();
same<Equal<KeepAliveMessage['type'], 'renew' | 'beat'>>();
same<Equal<FocusRequest['type'], 'focus'>>();

const resize: AppMessage = { type: 'resize', height: 10 };
const ready: AppMessage = { type: 'ready' };
const error: AppMessage = { type: 'error', code: 'unknown', message: undefined };
// @ts-expect-error resize's height is required
const noHeight: AppMessage = { type: 'resize' };
// @ts-expect-error step's name is a string
const badStep: AppMessage = { type: 'step', step: 7 };

declare const send: SendToApp;
send('ping');
send('renewed');
send('renewed', { signingToken: 't' });
send('update', { dir: 'rtl', locale: 'de' });
// @ts-expect-error update always carries dir
send('update', { locale: 'de' });
// @ts-expect-error renewed has no other field
send('renewed', { token: 't' });
// @ts-expect-error init and wait are the handshake's, never the port's
send('init');

const init: SentFields<'init'> = { signingToken: 't', sdkVersion: '1.3.0', dir: 'ltr' };
void [resize, ready, error, noHeight, badStep, init];
