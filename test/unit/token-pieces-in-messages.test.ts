// No thrown message quotes a piece of the signing token (issue #51 finding 4): not even 8 characters of it, for
// every option, update() field, appearance token and container id; and no address's query or fragment.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SvcContracts } from '../../src';
import { APP_URL, TOKEN, create, makeContainer, thrownBy } from './fake-app';

/** 27 characters of the token, and 8 (no shorter piece counts: docs/protocol.md §6.1). */
const PIECES = { long: TOKEN.slice(3, 30), short: TOKEN.slice(17, 25) };

/** The pieces of 8 characters of the token that `text` holds, computed here (not with the SDK's own redaction). */
function tokenPiecesIn(text: string): string[] {
  const found: string[] = [];
  for (let start = 0; start + 8 <= TOKEN.length; start += 1)
    if (text.includes(TOKEN.slice(start, start + 8))) found.push(TOKEN.slice(start, start + 8));
  return found;
}

/** Each option, update() field and appearance member with a wrong value that carries `piece`. */
function wrongValues(piece: string): Array<[string, Record<string, unknown>]> {
  const appearance = (fields: Record<string, unknown>) => ({ appearance: fields });
  const variables = (fields: Record<string, unknown>) => appearance({ variables: fields });
  return [
    ['an unknown option named with it', { [`x${piece}`]: 1 }],
    ['contractId', { contractId: [piece] }],
    ['width', { width: `${piece}px` }],
    ['height', { height: piece }],
    ['minHeight', { height: 'auto', minHeight: piece }],
    ['maxHeight', { height: 'auto', maxHeight: piece }],
    ['debug', { debug: piece }],
    ['environment', { environment: piece }],
    ['appUrl (https: the frame src)', { appUrl: `https://sign.example/${piece}` }],
    ['appUrl (http: off loopback)', { appUrl: `http://sign.example/${piece}` }],
    ['appUrl (unparsable)', { appUrl: `sign example ${piece}` }],
    ['loadTimeout', { loadTimeout: piece }],
    ['locale', { locale: `${piece}_` }],
    ['title', { title: [piece] }],
    ['display', { display: piece }],
    ['warm', { warm: piece }],
    ['dir', { dir: piece }],
    ['appearance', { appearance: piece }],
    ['appearance: an unknown member', appearance({ [piece]: 1 })],
    ['appearance.theme', appearance({ theme: piece })],
    ['appearance.variables', appearance({ variables: piece })],
    ['appearance.variables: an unknown token', variables({ [piece]: '#fff' })],
    ['appearance.variables.colorPrimary', variables({ colorPrimary: `#${piece}` })],
    ['appearance.variables.colorDanger', variables({ colorDanger: piece })],
    ['appearance.variables.colorText', variables({ colorText: piece, colorBackground: '#ffffff' })],
    ['appearance.variables.colorBackground', variables({ colorText: '#000000', colorBackground: piece })],
    ['appearance.variables.borderRadius', variables({ borderRadius: `${piece}px` })],
    ['appearance.variables.fontSizeBase', variables({ fontSizeBase: piece })],
    ['appearance.variables.spacingUnit', variables({ spacingUnit: `${piece}rem` })],
  ];
}

describe('no thrown message quotes a piece of the token', () => {
  // happy-dom accepts any CSS value: a browser's answer for the lengths used here.
  beforeEach(() => {
    vi.stubGlobal('CSS', { supports: (_property: string, value: string) => /^\d+(\.\d+)?(px|%)$/.test(value) });
  });

  for (const [size, piece] of Object.entries(PIECES)) {
    it.each(wrongValues(piece))(
      `config: %s, a value holding ${size === 'long' ? 27 : 8} of its characters`,
      (_, options) => {
        const message = thrownBy(
          () => new SvcContracts(makeContainer(), { signingToken: TOKEN, appUrl: APP_URL, ...options } as never),
        );
        expect(message).toMatch(/^\[contracts-sdk\] /);
        expect(tokenPiecesIn(message)).toEqual([]);
      },
    );

    it.each(wrongValues(piece).filter(([name]) => name.startsWith('appearance') || name === 'locale'))(
      `update(): %s, a value holding ${size === 'long' ? 27 : 8} of its characters`,
      (_, changes) => {
        const sdk = create();
        const message = thrownBy(() => sdk.update(changes as never));
        expect(message).toMatch(/^\[contracts-sdk\] update\./);
        expect(tokenPiecesIn(message)).toEqual([]);
      },
    );

    it(`update(): an unknown field named with ${piece.length} of its characters`, () => {
      const message = thrownBy(() => create().update({ [`my=${piece}`]: 1 } as never));
      expect(message).toMatch(/^\[contracts-sdk\] update\.my=\[redacted\] is not an option/);
      expect(tokenPiecesIn(message)).toEqual([]);
    });

    it(`the container id, holding ${piece.length} of its characters`, () => {
      const message = thrownBy(() => new SvcContracts(`id=${piece}`, { signingToken: TOKEN, appUrl: APP_URL }));
      expect(message).toMatch(/^\[contracts-sdk\] no element has id "id=\[redacted\]"/);
      expect(tokenPiecesIn(message)).toEqual([]);
    });
  }

  it('the rest of a quoted value stays, so the partner still sees what was wrong', () => {
    const message = thrownBy(() => create().update({ appearance: { theme: `dusk-${PIECES.long}-blue` } } as never));
    expect(message).toBe(
      '[contracts-sdk] update.appearance.theme must be "light" or "dark" or "auto", got "dusk-[redacted]-blue".',
    );
  });

  it('a piece hidden by percent-encoding every character is not quoted either', () => {
    const encoded = Array.from(PIECES.long, (char) => `%${char.charCodeAt(0).toString(16)}`).join('');
    const message = thrownBy(() => create().update({ locale: `${encoded}_` }));
    expect(message).toBe('[contracts-sdk] update.locale must be a BCP 47 tag like "de-DE", got "[redacted]".');
  });
});

describe('no thrown message quotes an address: its credentials, query or fragment are where links carry secrets', () => {
  it.each([
    'http://sign.example/embed?session=q-s3cr3t#f-s3cr3t',
    'http://sign.example/embed#f-s3cr3t?q-s3cr3t',
    'https://sign.example/?q-s3cr3t',
    'https://u-s3cr3t:p-s3cr3t@sign.example/embed',
    'https:\\\\u-s3cr3t:p-s3cr3t@sign.example/embed',
    'not a url ?q-s3cr3t',
  ])('appUrl %s: the rule, nothing of the address', (appUrl) => {
    const message = thrownBy(() => new SvcContracts(makeContainer(), { signingToken: TOKEN, appUrl }));
    expect(message).toBe(
      '[contracts-sdk] config.appUrl must be an https: URL (http: on localhost only) without credentials, query or fragment.',
    );
    expect(message).not.toMatch(/s3cr3t/);
  });
});
