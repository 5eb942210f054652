// Counterexamples fast-check found, kept as ordinary tests: the first two are real bugs the properties found
// (fixed in src/), the others the shortest sequences that found each kind of bug when it was put back on purpose
// (docs/development.md, "The lifecycle model").
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../src/config';
import { cleanText } from '../../src/clean-text';
import { createLogger } from '../../src/logger';
import { FakeApp, create, envelope, makeContainer, microtasksDone, record } from '../unit/fake-app';
import { leakedPiece } from './token-text';

function opened(config: Parameters<typeof create>[0] = {}) {
  const container = makeContainer();
  const sdk = create(config, container);
  const events = record(sdk);
  const opening = sdk.open();
  return { sdk, events, opening, container, app: FakeApp.in(container) };
}

describe('found by the lifecycle model', () => {
  // open(), hello, loaded, ready, completed, then a reloaded document whose hello offers no version the SDK
  // speaks: contract.error came after contract.completed and the frame was removed.
  it('after completed, a hello that offers no common version changes nothing (no event, the frame stays)', async () => {
    const { app, events, container } = opened();
    await app.ready();
    await app.send(envelope('completed'));
    app.post(envelope('hello', { versions: [2] }));
    expect(events.names()).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'contract.completed']);
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
  });

  // Kind 1, a destroyed instance brought back to life: destroy(), close(), open().
  it('destroy() then close() leaves the instance destroyed: open() still rejects and creates nothing', async () => {
    const container = makeContainer();
    const sdk = create({}, container);
    sdk.destroy();
    sdk.close();
    await expect(sdk.open()).rejects.toThrow('open() after destroy()');
    expect(container.querySelectorAll('iframe')).toHaveLength(0);
  });

  // Kind 2, an earlier attempt's failure ending the current one (token function): open(), a hello with no
  // common version (the attempt fails), open() (a retry), then the first attempt's token function rejects.
  it("the first attempt's token function rejecting late does not end the retry", async () => {
    const calls: Array<(reason: unknown) => void> = [];
    const signingToken = () => new Promise<string>((_, reject) => calls.push(reject));
    const { sdk, events, container, app } = opened({ signingToken });
    app.post(envelope('hello', { versions: [2] }));
    const retry = sdk.open();
    calls[0](new Error('late'));
    await microtasksDone();
    expect(events.names()).toEqual(['contract.loading', 'contract.error', 'contract.loading']);
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    let settled = false;
    void retry.then(() => (settled = true));
    await microtasksDone();
    expect(settled).toBe(false);
  });

  // A rejected open() that showed a hidden frame: prepare(), hello, loaded, ready, the container detached, the app
  // reports cancelled (or declined), then open() rejects ("attach it first") and still shows the prepared frame:
  // _show() runs after _begin() whatever it returned, and its guard (state < FAILED) lets an attempt that ended
  // declined or cancelled through (now: state <= COMPLETED). Found with FC_SEED=random (seed -608913205); the
  // fixed seed does not reach it.
  it.each(['cancelled', 'declined'])(
    'open() rejected for a detached container after a prepared attempt ended %s leaves its frame hidden',
    async (outcome) => {
      const container = makeContainer();
      const sdk = create({}, container);
      const preparing = sdk.prepare();
      const app = FakeApp.in(container);
      await app.ready();
      await preparing;
      container.remove();
      await app.send(envelope(outcome));
      await expect(sdk.open()).rejects.toThrow(
        '[contracts-sdk] open(): the container is not in the document; attach it first.',
      );
      expect(app.iframe.style.display).toBe('none');
    },
  );
});

describe('found by the text-rule properties', () => {
  // A JSON-escaped token inside a logged value: redact() renders the value as JSON, escaping it once more.
  it('a debug line redacts a JSON-escaped token inside a logged value', () => {
    const token = 'Nl"bDdt3Hr77';
    const lines: string[] = [];
    const original = console.log;
    console.log = (...parts: unknown[]) => void lines.push(parts.join(' '));
    try {
      createLogger({ debug: true } as Settings, token)('event', { message: JSON.stringify(token).slice(1, -1) });
    } finally {
      console.log = original;
    }
    expect(leakedPiece(lines.join('\n'), token)).toBeUndefined();
    expect(lines.join('\n')).toContain('[redacted]');
  });

  // Kind 3, a token reaching a message in part when the text around it is cut (redaction after the cut at 300
  // code points): fast-check's shortest text put the token right across the cut.
  it('a token across the 300-code-point cut leaves no piece of itself, and the text stays within 300', () => {
    const token = 'aaa"aa"aaaa';
    const json = JSON.stringify(token).slice(1, -1);
    for (let lead = 250; lead <= 300; lead += 1) {
      const cleaned = cleanText(`${'x'.repeat(lead)}${token}${json}${token}`, token) ?? '';
      expect(leakedPiece(cleaned, token)).toBeUndefined();
      expect(Array.from(cleaned).length).toBeLessThanOrEqual(300);
    }
  });
});
