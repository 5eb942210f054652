// A partner backend's and the signing app's calls to a running sandbox, over HTTPS as they are made for real:
// the contracts endpoint with the API token, the app's same-origin session and sign calls.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox } from '../../demo/server/sandbox.mjs';
import { requestLoopback } from '../../lib/loopback-client.mjs';

export interface RunningSandbox {
  origins: { signing: string; partner: string };
  urls: { contractsApi: string };
  apiToken: string;
  cert: string;
}

export type StartedSandbox = Awaited<ReturnType<typeof startSandbox>>;

/**
 * A sandbox on free ports for the calling test file: started before its tests, in a temporary folder named after
 * `prefix` (certificates, dist, and room for the test's own files), closed and removed after them. Read
 * `sandbox` and `root` inside the tests.
 */
export function withSandbox(prefix: string): { sandbox: StartedSandbox; root: string } {
  const running = {} as { sandbox: StartedSandbox; root: string };
  beforeAll(async () => {
    running.root = mkdtempSync(join(tmpdir(), prefix));
    running.sandbox = await startSandbox({
      ports: { demo: 0, cdn: 0, signing: 0 },
      certDir: join(running.root, 'certs'),
      distDir: join(running.root, 'dist'),
    });
  });
  afterAll(async () => {
    await running.sandbox?.close();
    if (running.root) rmSync(running.root, { recursive: true, force: true });
  });
  return running;
}

/** A signing token for `applicationId` from the contracts endpoint, for `scenario`. */
export async function issueToken(sandbox: RunningSandbox, applicationId: string, scenario: string): Promise<string> {
  const answer = await requestLoopback({
    url: sandbox.urls.contractsApi.replace('{app_id}', applicationId),
    headers: { authorization: `Bearer ${sandbox.apiToken}`, 'x-sandbox-scenario': scenario },
    ca: sandbox.cert,
  });
  if (answer.status !== 200) throw new Error(`contracts endpoint answered ${answer.status}`);
  return JSON.parse(answer.body).contracts[0].signers[0].signing_token;
}

/** POSTs to the signing app's own API as its page does (same origin, the partner demo as the parent). */
async function appCall(sandbox: RunningSandbox, name: 'session' | 'sign', token: string, extra = {}) {
  const answer = await requestLoopback({
    url: `${sandbox.origins.signing}/embed/api/${name}`,
    method: 'POST',
    headers: { origin: sandbox.origins.signing, 'content-type': 'application/json' },
    body: JSON.stringify({ signingToken: token, parentOrigin: sandbox.origins.partner, locale: 'en', ...extra }),
    ca: sandbox.cert,
  });
  return { status: answer.status, body: JSON.parse(answer.body) };
}

/** What the signing app is told to do when its page starts a session with `token` (one attempt of open()). */
/** `sessionId`: the session the app holds, as its renewal sends it (a renewed token continues that session). */
export async function startSession(
  sandbox: RunningSandbox,
  token: string,
  sessionId?: string,
): Promise<{ action: string; code?: string; sessionId?: string }> {
  return (await appCall(sandbox, 'session', token, { sessionId })).body;
}

/** Signs the contract of `token` (after a session), as the signer's click does. */
export async function signContract(sandbox: RunningSandbox, token: string): Promise<void> {
  const answer = await appCall(sandbox, 'sign', token);
  if (answer.status !== 200) throw new Error(`sign answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** The sign call's own answer (status and body), for a call that may be refused. */
export function signCall(sandbox: RunningSandbox, token: string) {
  return appCall(sandbox, 'sign', token);
}
