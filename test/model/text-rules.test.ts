// The text rules as properties (docs/protocol.md §6.1, README "Security model"): for any token and any text
// around it (a piece of it included), what reaches the partner (messages, reasons, codes, step names) holds no
// piece of the token of 8 characters or more, is at most 300 code points, never splits a surrogate pair, and codes
// that are prototype names become "unknown". Seeds: runs.ts.
import fc from 'fast-check';
import type { Settings } from '../../src/config';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH, cleanText } from '../../src/clean-text';
import { KNOWN_ERROR_CODES } from '../../src/error-codes';
import { createLogger } from '../../src/logger';
import { parseAppMessage } from '../../src/protocol';
import { SvcContracts } from '../../src/svc-contracts';
import type { SvcContractsConfig } from '../../src/types';
import { PROPERTY_TIMEOUT_MS, runs } from './runs';
import { TOKEN_FORMS, leakedPiece, textOf, tokenInText, type TextWithToken } from './token-text';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const BREAKING_OR_INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** The token and the text's parts (not 300 x's), for the assertion message. */
function show(token: string, text: TextWithToken): string {
  return `token ${JSON.stringify(token)}, text: ${text.description}`;
}

describe('the text rules, for any token and any text around it', () => {
  it(
    'cleanText: no 8-character piece of the token, at most 300 code points, no split pair, no breaking or invisible character',
    () => {
      fc.assert(
        fc.property(tokenInText(), (sample) => {
          const { token } = sample;
          const text = textOf(sample);
          fc.pre(leakedPiece(text.around, token) === undefined); // the filler itself holds no piece of the token
          const cleaned = cleanText(text.text, token) ?? '';
          expect(leakedPiece(cleaned, token), show(token, text)).toBeUndefined();
          expect(Array.from(cleaned).length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
          expect(cleaned).not.toMatch(LONE_SURROGATE);
          expect(cleaned).not.toMatch(BREAKING_OR_INVISIBLE);
          expect(cleaned).toBe(cleaned.trim());
        }),
        runs(400),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'every app text the partner receives (error code and message, step name, decline reason) holds no piece of the token; codes and steps that are prototype names become unknown',
    () => {
      const prototypeNames = Object.getOwnPropertyNames(Object.prototype);
      const codeUnit = fc.constantFrom(...'abcXYZ019_.-');
      // A code or step name: a fixed or random one, or a piece of the sample's token between code characters.
      const name = fc.oneof(
        fc.constantFrom(...prototypeNames, 'prototype', '__anything', 'not_found'),
        fc.string({ maxLength: 70 }),
        fc.record({
          before: fc.string({ unit: codeUnit, maxLength: 4 }),
          at: fc.nat({ max: 48 }),
          after: fc.string({ unit: codeUnit, maxLength: 4 }),
        }),
      );
      const nameFor = (plan: string | { before: string; at: number; after: string }, token: string) =>
        typeof plan === 'string' ? plan : plan.before + TOKEN_FORMS['a piece of it'](token, plan.at) + plan.after;
      const documented: readonly string[] = Object.values(KNOWN_ERROR_CODES);
      const checkName = (received: string, sent: string, token: string) => {
        // A documented code is the SDK's own constant, not the app's text (protocol.md §6.1): it passes unless it
        // holds the whole token.
        if (documented.includes(received)) expect(received.includes(token)).toBe(false);
        else
          expect(
            leakedPiece(received, token),
            `${JSON.stringify(sent)} for token ${JSON.stringify(token)}`,
          ).toBeUndefined();
        if (received !== 'unknown') {
          expect(received).toBe(sent);
          expect(received).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
          expect(received in {}, `${received} is inherited by every object`).toBe(false);
          expect(received).not.toBe('prototype');
        }
      };
      fc.assert(
        fc.property(tokenInText(), name, name, (sample, codePlan, stepPlan) => {
          const { token } = sample;
          const text = textOf(sample);
          fc.pre(leakedPiece(text.around, token) === undefined);
          const parse = (type: string, fields: Record<string, unknown>) =>
            parseAppMessage({ protocol: 'svc-contracts', version: 1, type, ...fields }, 1, [token]) as Record<
              string,
              string
            >;
          const code = nameFor(codePlan, token);
          const error = parse('error', { code, message: text.text });
          expect(leakedPiece(error.message ?? '', token), show(token, text)).toBeUndefined();
          checkName(error.code, code, token);
          const step = nameFor(stepPlan, token);
          checkName(parse('step', { step }).step, step, token);
          expect(
            leakedPiece(parse('declined', { reason: text.text }).reason ?? '', token),
            show(token, text),
          ).toBeUndefined();
        }),
        runs(300),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'debug lines: no piece of the token, whatever the logged text (the token as is, JSON-escaped or percent-encoded)',
    () => {
      // The SDK logs its own values and app text it has cleaned; it has no invisible characters to see through.
      fc.assert(
        fc.property(tokenInText(['raw', 'JSON-escaped', 'percent-encoded']), (sample) => {
          const { token } = sample;
          const text = textOf(sample);
          fc.pre(leakedPiece(text.around, token) === undefined);
          const lines: string[] = [];
          const original = console.log;
          console.log = (...parts: unknown[]) => void lines.push(parts.join(' '));
          try {
            createLogger({ debug: true } as Settings, token)(text.text, text.text, { text: text.text });
          } finally {
            console.log = original;
          }
          expect(leakedPiece(lines.join('\n'), token), show(token, text)).toBeUndefined();
        }),
        runs(300),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "the partner's values: no thrown message or debug line holds a piece of the token, wherever the token is put",
    () => {
      // Each place a partner could paste the token by mistake (as is, JSON-escaped or percent-encoded, in any text).
      const places: Record<string, (value: string) => [string | Element, Record<string, unknown>]> = {
        'container id': (value) => [value, {}],
        environment: (value) => [container(), { environment: value }],
        locale: (value) => [container(), { locale: value }],
        width: (value) => [container(), { width: value }],
        height: (value) => [container(), { height: value }],
        appUrl: (value) => [container(), { appUrl: value }],
        'option name': (value) => [container(), { [value]: 1 }],
        contractId: (value) => [container(), { contractId: value }],
      };
      const container = () => document.body.appendChild(document.createElement('div'));
      fc.assert(
        fc.property(
          tokenInText(['raw', 'JSON-escaped', 'percent-encoded']),
          fc.constantFrom(...Object.keys(places)),
          (sample, place) => {
            const { token } = sample;
            const text = textOf(sample);
            fc.pre(leakedPiece(text.around, token) === undefined);
            const [where, options] = places[place](text.text);
            const seen: string[] = [];
            const original = console.log;
            console.log = (...parts: unknown[]) => void seen.push(parts.join(' '));
            try {
              new SvcContracts(where, { signingToken: token, debug: true, ...options } as SvcContractsConfig).destroy();
            } catch (error) {
              seen.push((error as Error).message);
            } finally {
              console.log = original;
              document.body.replaceChildren();
            }
            expect(leakedPiece(seen.join('\n'), token), `${place}: ${show(token, text)}`).toBeUndefined();
          },
        ),
        runs(300),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
