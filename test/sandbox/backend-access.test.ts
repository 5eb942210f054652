// @vitest-environment node
// A partner's Node backend calls the sandbox's service API at https://127.0.0.1:<port> (Node resolves no
// *.localhost name), trusting the sandbox certificate through NODE_EXTRA_CA_CERTS alone: each call runs in a
// Node process of its own, with certificate checks on.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { snippet } from '../../lib/doc-snippets.mjs';
import { startSession, withSandbox } from './sandbox-http';

/** Runs `node <args>` with `env` on top of this process's (less any NODE_EXTRA_CA_CERTS of ours); resolves its output. */
async function node(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = { ...process.env };
  delete base.NODE_EXTRA_CA_CERTS;
  return promisify(execFile)(process.execPath, args, { env: { ...base, ...env }, cwd: running.root }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** A plain fetch of the contracts endpoint, printing `{ status, body }` or `{ error }` (the cause's code). */
const FETCH_CONTRACTS = `
const response = await fetch(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.API_TOKEN } })
  .catch((error) => ({ failed: error.cause?.code ?? error.message }));
console.log(JSON.stringify(response.failed ? { error: response.failed } : { status: response.status, body: await response.json() }));
`;

const running = withSandbox('sandbox-backend-');

describe('the service API for a partner backend in Node', () => {
  it('is at https://127.0.0.1:<signing port>, with the certificate file to trust', () => {
    expect(running.sandbox.urls.serviceApi).toBe(`https://127.0.0.1:${new URL(running.sandbox.origins.signing).port}`);
    expect(running.sandbox.certFile).toBe(join(running.root, 'certs', 'sandbox-cert.pem'));
  });

  it('answers GET /api/v3/applications/{app_id}/contracts with {contracts: [{signers: [{signing_token}]}]} to Node trusting NODE_EXTRA_CA_CERTS', async () => {
    const applicationId = randomUUID();
    const url = `${running.sandbox.urls.serviceApi}/api/v3/applications/${applicationId}/contracts`;
    const run = await node(['--input-type=module', '-e', FETCH_CONTRACTS], {
      URL: url,
      API_TOKEN: running.sandbox.apiToken,
      NODE_EXTRA_CA_CERTS: running.sandbox.certFile,
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      status: 200,
      body: {
        application_id: applicationId,
        contracts: [
          {
            id: expect.stringMatching(/^[0-9a-f-]{36}$/),
            status: 'sent',
            signers: [
              {
                name: expect.any(String),
                email: expect.any(String),
                role: 'Borrower',
                signing_token: expect.stringMatching(/^sbx_complete_[A-Za-z0-9_-]{24}$/),
              },
            ],
          },
        ],
      },
    });
  });

  it('is refused by Node without NODE_EXTRA_CA_CERTS (the certificate is checked, nothing is switched off)', async () => {
    const url = `${running.sandbox.urls.serviceApi}/api/v3/applications/${randomUUID()}/contracts`;
    const run = await node(['--input-type=module', '-e', FETCH_CONTRACTS], {
      URL: url,
      API_TOKEN: running.sandbox.apiToken,
    });
    expect(JSON.parse(run.stdout)).toEqual({ error: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  });

  it("docs/sandbox.md's backend call, run as written, gets a token the signing app accepts", async () => {
    writeFileSync(join(running.root, 'signing-token.mjs'), snippet('docs/sandbox.md', 'sandbox-backend-call'));
    const driver = `import { signingTokenFor } from './signing-token.mjs'; process.stdout.write(await signingTokenFor(process.argv[1]));`;
    const run = await node(['--input-type=module', '-e', driver, randomUUID()], {
      SVC_BASE_URL: running.sandbox.urls.serviceApi,
      SVC_API_TOKEN: running.sandbox.apiToken,
      NODE_EXTRA_CA_CERTS: running.sandbox.certFile,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^sbx_complete_/);
    expect(await startSession(running.sandbox, run.stdout)).toMatchObject({ action: 'contract' });
  });
});
