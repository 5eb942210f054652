// @vitest-environment node
// `npm run demo`'s banner, from the real `node demo/server/start.mjs`: the partner origins that may frame the
// signing app (exactly its CSP frame-ancestors) and how to add one, the service API's address for a Node
// backend with the certificate to trust, and where the webhooks go with the secret that verifies them.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForOutput } from '../../lib/child-output.mjs';
import { requestLoopback } from '../../lib/loopback-client.mjs';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { sriOf } from '../../lib/bundle.mjs';

const root = mkdtempSync(join(tmpdir(), 'sandbox-banner-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Starts the sandbox as `npm run demo` does, with `env` on free ports; resolves its banner and a stop function. */
async function banner(env: Record<string, string>) {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'demo', 'server', 'start.mjs')], {
    env: {
      ...process.env,
      DEMO_PORT: '0',
      CDN_PORT: '0',
      SIGNING_PORT: '0',
      SANDBOX_CERT_DIR: join(root, 'certs'),
      SANDBOX_DIST_DIR: join(root, 'dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [text] = await waitForOutput(child, child.stdout, /[\s\S]*Ctrl\+C stops everything\.\n/, {
    what: 'the sandbox',
    timeoutMs: 30_000,
    details: () => stderr,
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { text, stop };
}

/** The lines of `text` between the line matching `from` (excluded) and the next line not indented. */
function indentedAfter(text: string, from: RegExp): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => from.test(line));
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => !line.startsWith('  '));
  return rest.slice(0, end);
}

describe('the start banner', () => {
  it('lists the origins that may frame the signing app, as its frame-ancestors, and says how to add one', async () => {
    const { text, stop } = await banner({
      SANDBOX_PARTNER_ORIGINS: 'http://localhost:3000',
      SANDBOX_API_TOKEN: 'sbx_api_banner_test',
      SANDBOX_WEBHOOK_SECRET: 'whsec_banner_test',
    });
    try {
      const partner = /Partner demo +(https:\/\/partner\.localhost:\d+)\//.exec(text)![1];
      const signing = /Signing app +(https:\/\/sign\.localhost:(\d+))\/embed/.exec(text)!;
      expect(
        indentedAfter(
          text,
          /^Pages of these origins may frame the signing app \(its CSP frame-ancestors\); any other gets loading_error:$/,
        ).map((line) => line.trim().split(/\s+/)),
      ).toEqual([
        [partner, 'the', 'demo'],
        ['http://localhost:3000', 'from', 'SANDBOX_PARTNER_ORIGINS'],
      ]);
      const embed = await requestLoopback({
        url: `${signing[1]}/embed`,
        ca: readFileSync(join(root, 'certs', 'sandbox-cert.pem'), 'utf8'),
      });
      expect(/frame-ancestors ([^;]*)/.exec(String(embed.headers['content-security-policy']))![1].split(' ')).toEqual([
        partner,
        'http://localhost:3000',
      ]);
      expect(text).toContain(
        "To add your page's origin, restart with it in SANDBOX_PARTNER_ORIGINS (comma-separated), e.g.:\n  SANDBOX_PARTNER_ORIGINS=http://localhost:3000 npm run demo\n",
      );

      const serviceApi = `https://127.0.0.1:${signing[2]}`;
      expect(text).toContain(
        [
          `Your backend: Node does not resolve *.localhost, so call the service API at ${serviceApi}`,
          `  GET ${serviceApi}/api/v3/applications/<uuid>/contracts`,
          '  Authorization: Bearer sbx_api_banner_test',
          'trusting the sandbox certificate:',
          `  NODE_EXTRA_CA_CERTS=${join(root, 'certs', 'sandbox-cert.pem')} node <your backend>`,
          `  curl --cacert ${join(root, 'certs', 'sandbox-cert.pem')} ...`,
          // Other backends differ in both: the docs' table (test/docs/links.test.ts checks the path exists).
          'Python, PHP, Ruby, .NET: how each trusts it and resolves names, in docs/server-rendered.md',
          '  ("Backend notes for any language")',
        ].join('\n'),
      );
      expect(text).toContain(
        `Webhooks: application.contract.signed goes to\n  ${partner}/webhooks/svc  the demo\nsigned (x-svc-signature) with the secret whsec_banner_test\n`,
      );
      expect(text).toContain(
        'To receive them on your own endpoint too, restart with SANDBOX_WEBHOOK_URL (comma-separated), e.g.:\n  SANDBOX_WEBHOOK_URL=http://127.0.0.1:3000/webhooks/svc npm run demo\n',
      );
    } finally {
      await stop();
    }
  });

  it("prints each pinned file's integrity under its URL, as the CDN's bytes hash (npm run build first)", async () => {
    const { text, stop } = await banner({ SANDBOX_DIST_DIR: join(REPO_ROOT, 'dist') });
    try {
      for (const [label, file] of [
        ['pinned SDK', 'index.umd.js'],
        ['pinned element', 'element.umd.js'],
      ]) {
        const [, url, integrity] = new RegExp(
          `\\n  +${label} +(https://\\S+/${file.replace('.', '\\.')})\\n +integrity="(sha384-[^"]+)"\\n`,
        ).exec(text)!;
        const served = await requestLoopback({
          url,
          ca: readFileSync(join(root, 'certs', 'sandbox-cert.pem'), 'utf8'),
        });
        expect(served.status, url).toBe(200);
        expect(integrity, file).toBe(sriOf(served.bytes));
      }
      expect(text).toMatch(/\n {4}floating element +https:\/\/\S+\/v1\/element\.umd\.js\n/);
    } finally {
      await stop();
    }
  });

  it('lists the partner webhook URLs without their query, and adds a new origin to the ones already set', async () => {
    const { text, stop } = await banner({
      SANDBOX_PARTNER_ORIGINS: 'http://localhost:5173',
      SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:4000/hooks?key=k_secret_q, https://hooks.test/in',
    });
    try {
      expect(text).toContain('  SANDBOX_PARTNER_ORIGINS=http://localhost:5173,http://localhost:3000 npm run demo\n');
      expect(
        indentedAfter(text, /^Webhooks: application\.contract\.signed goes to$/)
          .slice(1)
          .map((line) => line.trim().split(/\s+/)),
      ).toEqual([
        ['http://127.0.0.1:4000/hooks', 'from', 'SANDBOX_WEBHOOK_URL'],
        ['https://hooks.test/in', 'from', 'SANDBOX_WEBHOOK_URL'],
      ]);
      expect(text).not.toContain('k_secret_q');
      // This sandbox's dist folder is empty.
      expect(text).toContain('  integrity: not built yet (npm run build)\n');
      expect(text).not.toContain('To receive them on your own endpoint too');
    } finally {
      await stop();
    }
  });
});
