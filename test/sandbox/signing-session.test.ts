// @vitest-environment node
// The service's signing-session id (issue #44): one per token, the same in every session request of that token (a
// reload), carried on by a renewed token of the same application, never by one of another application.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { issueToken, startSession, withSandbox } from './sandbox-http';

const running = withSandbox('sandbox-signing-session-');

it('one sessionId per token: a reload gets it again; another token starts its own', async () => {
  const applicationId = randomUUID();
  const first = await startSession(running.sandbox, await issueToken(running.sandbox, applicationId, 'complete'));
  expect(first.sessionId).toMatch(/^ses_[0-9a-f]{24}$/);
  const token = await issueToken(running.sandbox, applicationId, 'complete');
  const [load, reload] = [await startSession(running.sandbox, token), await startSession(running.sandbox, token)];
  expect(reload.sessionId).toBe(load.sessionId);
  expect(load.sessionId).not.toBe(first.sessionId);
});

it("a renewed token continues the app's session of the same application, not another application's", async () => {
  const applicationId = randomUUID();
  const { sessionId } = await startSession(
    running.sandbox,
    await issueToken(running.sandbox, applicationId, 'complete'),
  );
  const renewed = await issueToken(running.sandbox, applicationId, 'complete');
  expect((await startSession(running.sandbox, renewed, sessionId)).sessionId).toBe(sessionId);
  const foreign = await issueToken(running.sandbox, randomUUID(), 'complete');
  expect((await startSession(running.sandbox, foreign, sessionId)).sessionId).not.toBe(sessionId);
});
