// What the signing app's error text becomes before it reaches the partner (docs/protocol.md §4).
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH, cleanText } from '../../src/clean-text';

const TOKEN = 'sbx_complete_tok-7f3a9c2e-SECRET';

describe('cleanText()', () => {
  it.each([
    ['NUL (Cc)', '\u0000'],
    ['line feed (Cc)', '\n'],
    ['tab (Cc)', '\t'],
    ['DEL (Cc)', '\u007f'],
    ['NEL, a C1 control (Cc)', '\u0085'],
    ['line separator (Zl)', '\u2028'],
    ['paragraph separator (Zp)', '\u2029'],
  ])('turns a run of %s into one space', (_label, character) => {
    expect(cleanText(`a${character}${character}b`, TOKEN)).toBe('a b');
  });

  it.each([
    ['Arabic letter mark U+061C', '\u061c'],
    ['zero-width space U+200B', '\u200b'],
    ['zero-width joiner U+200D', '\u200d'],
    ['left-to-right mark U+200E', '\u200e'],
    ['right-to-left override U+202E', '\u202e'],
    ['first strong isolate U+2068', '\u2068'],
    ['word joiner U+2060', '\u2060'],
    ['byte order mark U+FEFF', '\ufeff'],
    ['soft hyphen U+00AD', '\u00ad'],
    ['tag character U+E0041', '\u{E0041}'],
    ['language tag U+E0001', '\u{E0001}'],
    ['unassigned tag block U+E0000', '\u{E0000}'],
    ['cancel tag U+E007F', '\u{E007F}'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udc00'],
  ])('removes %s', (_label, character) => {
    expect(cleanText(`ab${character}cd`, TOKEN)).toBe('abcd');
  });

  it('keeps visible text in any script, emoji included', () => {
    expect(cleanText('Vertrag unterschrieben ✓ — تم التوقيع 👍🏽', TOKEN)).toBe(
      'Vertrag unterschrieben ✓ — تم التوقيع 👍🏽',
    );
  });

  it(`cuts at ${MAX_MESSAGE_LENGTH} code points, never inside a surrogate pair`, () => {
    const cut = cleanText('a' + '😀'.repeat(400), TOKEN)!;
    expect(Array.from(cut).length).toBe(MAX_MESSAGE_LENGTH);
    expect(cut.endsWith('😀')).toBe(true);
    expect(cut).not.toMatch(/[\ud800-\udbff]$/);
  });

  it('redacts the token raw, JSON-escaped, percent-encoded, and hidden behind invisible characters', () => {
    const token = 'tok/en"with+chars';
    const text = `raw ${token} json ${JSON.stringify(token)} url ${encodeURIComponent(token)} hidden ${token.slice(0, 4)}\u200b${token.slice(4)}`;
    const clean = cleanText(text, token)!;
    expect(clean).toBe('raw [redacted] json "[redacted]" url [redacted] hidden [redacted]');
  });

  it('redacts before cutting, so no prefix of the token survives at the edge', () => {
    const clean = cleanText('x'.repeat(290) + TOKEN, TOKEN)!;
    expect(clean).toBe('x'.repeat(290) + '[redacted]');
  });

  it('gives undefined for text that is empty once cleaned', () => {
    expect(cleanText(' \u200b\u0000\u2028 ', TOKEN)).toBeUndefined();
  });
});
