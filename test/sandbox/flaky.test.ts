// @vitest-environment node
// `flaky` fails the first attempt of an APPLICATION, whatever token each attempt uses: a partner whose
// signingToken function fetches a new token for the retry (the README's pattern) must recover.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../demo/server/sandbox.mjs';
import { requestLoopback } from '../../lib/loopback-client.mjs';
import { issueToken, startSession } from './sandbox-http';

let root: string;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sandbox-flaky-'));
  sandbox = await startSandbox({
    ports: { demo: 0, cdn: 0, signing: 0 },
    certDir: join(root, 'certs'),
    distDir: join(root, 'dist'),
  });
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(root, { recursive: true, force: true });
});

const LOADING_ERROR = { action: 'error', code: 'loading_error', loaded: false };

describe('the flaky scenario', () => {
  it('fails the first attempt of an application; a second attempt with a NEW token for it succeeds', async () => {
    const applicationId = randomUUID();
    const first = await issueToken(sandbox, applicationId, 'flaky');
    expect(await startSession(sandbox, first)).toMatchObject(LOADING_ERROR);
    const second = await issueToken(sandbox, applicationId, 'flaky');
    expect(second).not.toBe(first);
    expect(await startSession(sandbox, second)).toMatchObject({ action: 'contract' });
  });

  it('still recovers on a retry with the same token, and fails again only for another application', async () => {
    const token = await issueToken(sandbox, randomUUID(), 'flaky');
    expect(await startSession(sandbox, token)).toMatchObject(LOADING_ERROR);
    expect(await startSession(sandbox, token)).toMatchObject({ action: 'contract' });
    const other = await issueToken(sandbox, randomUUID(), 'flaky');
    expect(await startSession(sandbox, other)).toMatchObject(LOADING_ERROR);
  });

  it("the demo backend's fresh token for the same session keeps its application, so the demo page's retry recovers", async () => {
    const demoToken = async (body: object) => {
      const answer = await requestLoopback({
        url: `${sandbox.origins.partner}/api/demo/signing-token`,
        method: 'POST',
        headers: { origin: sandbox.origins.partner, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ca: sandbox.cert,
      });
      return JSON.parse(answer.body) as { signingToken: string; applicationId: string };
    };
    const session = await demoToken({ scenario: 'flaky' });
    expect(await startSession(sandbox, session.signingToken)).toMatchObject(LOADING_ERROR);
    const fresh = await demoToken({ scenario: 'flaky', applicationId: session.applicationId });
    expect(fresh.applicationId).toBe(session.applicationId);
    expect(await startSession(sandbox, fresh.signingToken)).toMatchObject({ action: 'contract' });
    // Anything but an application id of the documented form starts a new application.
    expect((await demoToken({ scenario: 'flaky', applicationId: '../x' })).applicationId).not.toBe(
      session.applicationId,
    );
  });
});
