// @vitest-environment node
// `flaky` fails the first attempt of an APPLICATION, whatever token each attempt uses: a partner whose
// signingToken function fetches a new token for the retry (the README's pattern) must recover.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestLoopback } from '../../lib/loopback-client.mjs';
import { issueToken, startSession, withSandbox } from './sandbox-http';

const running = withSandbox('sandbox-flaky-');

const LOADING_ERROR = { action: 'error', code: 'loading_error', loaded: false };

describe('the flaky scenario', () => {
  it('fails the first attempt of an application; a second attempt with a NEW token for it succeeds', async () => {
    const applicationId = randomUUID();
    const first = await issueToken(running.sandbox, applicationId, 'flaky');
    expect(await startSession(running.sandbox, first)).toMatchObject(LOADING_ERROR);
    const second = await issueToken(running.sandbox, applicationId, 'flaky');
    expect(second).not.toBe(first);
    expect(await startSession(running.sandbox, second)).toMatchObject({ action: 'contract' });
  });

  it('still recovers on a retry with the same token, and fails again only for another application', async () => {
    const token = await issueToken(running.sandbox, randomUUID(), 'flaky');
    expect(await startSession(running.sandbox, token)).toMatchObject(LOADING_ERROR);
    expect(await startSession(running.sandbox, token)).toMatchObject({ action: 'contract' });
    const other = await issueToken(running.sandbox, randomUUID(), 'flaky');
    expect(await startSession(running.sandbox, other)).toMatchObject(LOADING_ERROR);
  });

  it("the demo backend's fresh token for the same session keeps its application, so the demo page's retry recovers", async () => {
    const demoToken = async (body: object) => {
      const answer = await requestLoopback({
        url: `${running.sandbox.origins.partner}/api/demo/signing-token`,
        method: 'POST',
        headers: { origin: running.sandbox.origins.partner, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ca: running.sandbox.cert,
      });
      return JSON.parse(answer.body) as { signingToken: string; applicationId: string };
    };
    const session = await demoToken({ scenario: 'flaky' });
    expect(await startSession(running.sandbox, session.signingToken)).toMatchObject(LOADING_ERROR);
    const fresh = await demoToken({ scenario: 'flaky', applicationId: session.applicationId });
    expect(fresh.applicationId).toBe(session.applicationId);
    expect(await startSession(running.sandbox, fresh.signingToken)).toMatchObject({ action: 'contract' });
    // Anything but an application id of the documented form starts a new application.
    expect((await demoToken({ scenario: 'flaky', applicationId: '../x' })).applicationId).not.toBe(
      session.applicationId,
    );
  });
});
