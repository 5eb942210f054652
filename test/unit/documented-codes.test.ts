// Sandbox tokens name their scenario (`sbx_not_found_…`), so the token spells the very code the app reports. A
// documented code is the SDK's own constant and passes; an undocumented code holding a piece of the token does not.
import { describe, expect, it } from 'vitest';
import { KNOWN_ERROR_CODES } from '../../src/error-codes';
import { parseAppMessage } from '../../src/protocol';

const errorWith = (code: string, token: string) =>
  parseAppMessage({ protocol: 'svc-contracts', version: 1, type: 'error', code }, 1, [token]);

describe('documented error codes and the token-piece rule', () => {
  it.each(Object.values(KNOWN_ERROR_CODES).filter((code) => code !== 'unknown'))(
    '%s reaches the partner although a sandbox token spells it',
    (code) => {
      expect(errorWith(code, `sbx_${code}_d41d8cd98f00b204`)).toMatchObject({ type: 'error', code });
    },
  );

  it('an undocumented code holding a piece of such a token is unknown', () => {
    const token = 'sbx_not_found_d41d8cd98f00b204';
    expect(errorWith('x_not_found', token)).toMatchObject({ code: 'unknown' });
    expect(errorWith('e_d41d8cd98f', token)).toMatchObject({ code: 'unknown' });
  });

  it('a documented code that holds the whole token is unknown', () => {
    expect(errorWith('not_found', 'not_found')).toMatchObject({ code: 'unknown' });
    expect(errorWith('verification_required', 'verification')).toMatchObject({ code: 'unknown' });
  });
});
