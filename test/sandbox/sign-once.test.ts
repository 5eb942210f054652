// @vitest-environment node
// A signature sent again (the signing app retries after the network dropped, not knowing whether the first one
// arrived) signs nothing twice: the second call is ALREADY_SIGNED with the first one's time (e2e/network-drop.spec.ts
// checks the one webhook).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox } from '../../demo/server/sandbox.mjs';
import { issueToken, signCall, startSession } from './sandbox-http';

let root: string;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sandbox-sign-once-'));
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

it('a second sign call is ALREADY_SIGNED with the first signature time', async () => {
  const token = await issueToken(sandbox, randomUUID(), 'complete');
  expect(await startSession(sandbox, token)).toMatchObject({ action: 'contract' });
  const first = await signCall(sandbox, token);
  expect(first.status).toBe(200);
  const again = await signCall(sandbox, token);
  expect(again).toEqual({
    status: 409,
    body: { error: { code: 'ALREADY_SIGNED', message: 'Already signed.' }, signedAt: first.body.signedAt },
  });
});
