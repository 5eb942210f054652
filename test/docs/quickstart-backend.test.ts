// @vitest-environment node
// The README's quick start, step 1, run as a partner's backend runs it: the block marked quickstart-backend,
// saved as its own ES module, imported by a Node process that trusts the sandbox certificate through
// NODE_EXTRA_CA_CERTS, against the real sandbox (`npm run demo`'s server, in a process of its own) at
// https://127.0.0.1:<port>, the address a Node backend can reach. A wrong response shape, path or header fails.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snippet } from '../../lib/doc-snippets.mjs';
import { startSandboxProcess } from '../../lib/sandbox-process.mjs';

const APPLICATION_ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const API_TOKEN = `sbx_api_${randomBytes(18).toString('base64url')}`;
// What the partner's server does with the function: call it for an application and use the token. Printed here,
// only because this test is the partner's server (a real one hands it to its page in a response body).
const RUNNER = `import { fetchSigningToken } from './signing-token.mjs';
process.stdout.write(JSON.stringify(await fetchSigningToken(process.argv[2])));
`;

let root: string;
let sandbox: Awaited<ReturnType<typeof startSandboxProcess>>;
let baseUrl: string;
let certFile: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'quickstart-backend-'));
  writeFileSync(join(root, 'signing-token.mjs'), snippet('README.md', 'quickstart-backend'));
  writeFileSync(join(root, 'run.mjs'), RUNNER);
  sandbox = await startSandboxProcess({ certDir: join(root, 'certs'), env: { SANDBOX_API_TOKEN: API_TOKEN } });
  // What the banner tells a partner's backend to use: the service API on 127.0.0.1, and the certificate's file.
  baseUrl = sandbox.urls.serviceApi;
  expect(baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  certFile = sandbox.certFile;
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Runs the snippet in a fresh Node with the partner's settings; resolves its output or rejects with its stderr. */
async function runBackend(env: Record<string, string>) {
  const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'run.mjs'), APPLICATION_ID], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_EXTRA_CA_CERTS: certFile, SVC_BASE_URL: baseUrl, ...env },
  });
  return JSON.parse(stdout);
}

describe("README quick start: the backend's call for a signing token", () => {
  it("returns the first signer's signing_token from GET /api/v3/applications/{app_id}/contracts", async () => {
    const token = await runBackend({ SVC_API_TOKEN: API_TOKEN });
    // The sandbox issues `sbx_<scenario>_<random>` tokens; `complete` when no scenario header is sent.
    expect(token).toMatch(/^sbx_complete_[\w-]{16,}$/);
  }, 30_000);

  it('throws, naming the HTTP status, when the API token is wrong (the service answers 403)', async () => {
    await expect(runBackend({ SVC_API_TOKEN: 'sbx_api_wrong' })).rejects.toThrow(/contracts API: HTTP 403/);
  }, 30_000);
});
