// A partner's plain HTML page with <svc-contract-signing>: the docs' block "element-html-page" (docs/frameworks.md)
// served as written, on the harness's partner origin, under the strict test CSP (lib: harness-server.mjs
// strictCsp: Trusted Types required, no policy allowed) plus what the block itself needs: its nonce for the
// scripts and connect-src 'self' for its token request. The element's files are the built package's
// (`/assets/contracts-sdk/`); the SDK is the script tag, pinned with its integrity, so the loader injects nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { snippet } from '../../lib/doc-snippets.mjs';
import { send } from '../../lib/http-kit.mjs';
import { withSidecarIntegrity } from './doc-integrity';
import type { Harness } from './fixtures';
import { PACKAGE_DIR } from './framework-apps';
import { strictCsp } from './harness-server.mjs';

type Response = { end(): void };

const DOC_CDN = 'https://cdn.svc.example';
const DOC_NONCE = 'r4nd0m';

export interface ElementPage {
  url: string;
  /** The token the page's backend hands out at POST /api/signing-token (one signer at a time per worker). */
  setToken(token: string): void;
  /** The page the block's contract-completed handler goes to. */
  nextStepUrl: string;
}

export function mountElementPage(
  harness: Harness,
  sandbox: { origins: { cdn: string; signing: string }; sdkVersion: string },
): ElementPage {
  let token = '';
  harness.mount('element-page', (_req: unknown, res: Response) => {
    const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
    const block = withSidecarIntegrity(snippet('docs/frameworks.md', 'element-html-page'), sandbox.sdkVersion)
      .replaceAll(DOC_CDN, sandbox.origins.cdn)
      .replaceAll(`nonce="${DOC_NONCE}"`, `nonce="${nonce}"`)
      // The sandbox's signing app (in production the element's default is right).
      .replace('<svc-contract-signing ', `<svc-contract-signing app-url="${sandbox.origins.signing}" `);
    const csp = strictCsp({
      cdnOrigin: `${sandbox.origins.cdn} 'nonce-${nonce}'`,
      signingOrigin: sandbox.origins.signing,
    }).replace("connect-src 'none'", "connect-src 'self'");
    const html = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Partner page</title></head><body>\n${block}</body></html>`;
    send(res, 200, html, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': csp,
    });
  });
  // The package's modules (element.mjs imports ./shared.mjs), as a partner's static file server sends them.
  harness.mount('assets', (req: { url: string }, res: Response) => {
    const name = /^\/assets\/contracts-sdk\/([\w-]+\.mjs)$/.exec(new URL(req.url, 'https://x').pathname)?.[1];
    if (!name) return send(res, 404, 'Not found\n');
    send(res, 200, readFileSync(join(PACKAGE_DIR, name), 'utf8'), {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
    });
  });
  harness.mount('api', (_req: unknown, res: Response) =>
    send(res, 200, token, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }),
  );
  harness.mount('application', (_req: unknown, res: Response) =>
    send(res, 200, '<!doctype html><title>Next step</title><p>Next step</p>', {
      'content-type': 'text/html; charset=utf-8',
    }),
  );
  return {
    url: `${harness.origins.partner}/element-page/`,
    setToken: (value) => (token = value),
    nextStepUrl: `${harness.origins.partner}/application/next-step`,
  };
}
