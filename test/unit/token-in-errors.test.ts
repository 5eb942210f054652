// No thrown error echoes the signing token, in any form.
import { describe, expect, it } from 'vitest';
import { SvcContracts } from '../../src';
import { APP_URL, TOKEN, create, makeContainer, thrownBy } from './fake-app';

describe('errors never carry the token', () => {
  it.each(['on', 'once', 'off'] as const)(
    '%s(token, fn): the event name passed is never echoed, the valid ones are listed',
    (method) => {
      const sdk = create();
      for (const passed of [TOKEN, 'contract.redy']) {
        const message = thrownBy(() => sdk[method](passed as never, () => {}));
        expect(message).toMatch(
          new RegExp(`${method}\\(\\): unknown event\\. Events: contract\\.loading, contract\\.loaded`),
        );
        expect(message).not.toContain(passed);
      }
    },
  );

  it.each([
    ['percent-encoded', (token: string) => encodeURIComponent(token)],
    [
      'with every character percent-encoded',
      (token: string) => Array.from(token, (c) => '%' + c.charCodeAt(0).toString(16)).join(''),
    ],
    [
      'in upper-case percent encoding',
      (token: string) => Array.from(token, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()).join(''),
    ],
  ])('an appUrl holding the token %s is refused without echoing it', (_label, encode) => {
    const token = 'tok/en+with=chars';
    const appUrl = `${APP_URL}/s/${encode(token)}`;
    const message = thrownBy(() => new SvcContracts(makeContainer(), { signingToken: token, appUrl }));
    expect(message).toBe('[contracts-sdk] config.appUrl must not contain the signing token, nor 8 characters of it.');
  });

  it('an unknown option named like the token is redacted', () => {
    const message = thrownBy(() => new SvcContracts(makeContainer(), { signingToken: TOKEN, [TOKEN]: 1 } as never));
    expect(message).toContain('config.[redacted] is not an option');
    expect(message).not.toContain(TOKEN);
  });
});
