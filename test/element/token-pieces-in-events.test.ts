// The element's contract-error for a wrong attribute or property quotes no piece of the token (issue #51 finding 4):
// the message is the SDK's TypeError, built with the same redaction.
import { describe, expect, it, vi } from 'vitest';
import { TOKEN } from '../unit/fake-app';
import { events, makeElement, settled } from './helpers';

const PIECE = TOKEN.slice(3, 30);

describe('contract-error quotes no piece of the token', () => {
  it.each([
    ['locale', { locale: `${PIECE}_` }, {}],
    ['app-url, with a query and a fragment', { 'app-url': `http://sign.example/${PIECE}?q-s3cr3t#f-s3cr3t` }, {}],
    ['app-url, the piece in its path', { 'app-url': `https://sign.example/${PIECE}` }, {}],
    ['the appearance property', {}, { appearance: { theme: PIECE } }],
  ])('%s', async (_, attributes: Record<string, string>, properties: Record<string, unknown>) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = makeElement({ 'contract-id': 'c-1', ...attributes });
    Object.assign(element, properties);
    element.signingToken = TOKEN;
    const seen = events(element, ['contract-error']);
    document.body.append(element);
    await settled();
    const messages = seen.map(([, detail]) => (detail as { message: string }).message);
    expect(messages).toEqual([expect.stringMatching(/^\[contracts-sdk\] /)]);
    for (let start = 0; start + 8 <= TOKEN.length; start += 1)
      expect(messages[0]).not.toContain(TOKEN.slice(start, start + 8));
    expect(messages[0]).not.toMatch(/s3cr3t/);
  });
});
