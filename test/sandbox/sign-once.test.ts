// @vitest-environment node
// A signature sent again (the signing app retries after the network dropped, not knowing whether the first one
// arrived) signs nothing twice: the second call is ALREADY_SIGNED with the first one's time (e2e/network-drop.spec.ts
// checks the one webhook).
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { issueToken, signCall, startSession, withSandbox } from './sandbox-http';

const running = withSandbox('sandbox-sign-once-');

it('a second sign call is ALREADY_SIGNED with the first signature time', async () => {
  const token = await issueToken(running.sandbox, randomUUID(), 'complete');
  expect(await startSession(running.sandbox, token)).toMatchObject({ action: 'contract' });
  const first = await signCall(running.sandbox, token);
  expect(first.status).toBe(200);
  const again = await signCall(running.sandbox, token);
  expect(again).toEqual({
    status: 409,
    body: { error: { code: 'ALREADY_SIGNED', message: 'Already signed.' }, signedAt: first.body.signedAt },
  });
});
