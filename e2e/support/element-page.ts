// A partner's plain HTML page with <svc-contract-signing>: the docs' block "element-html-page" (docs/frameworks.md)
// served as written, on the harness's partner origin, under the strict test CSP (lib: harness-server.mjs
// strictCsp: Trusted Types required, no policy allowed) plus what the block itself needs: its nonce for the
// scripts and connect-src 'self' for its token request. The element's files are the built package's
// (`/assets/contracts-sdk/`); the SDK is the script tag, pinned with its integrity, so the loader injects nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sriOf } from '../../lib/bundle.mjs';
import { snippet } from '../../lib/doc-snippets.mjs';
import { send } from '../../lib/http-kit.mjs';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { untilFrameShows } from '../scenarios/app-pages';
import { SIGNER_LINE } from '../scenarios/expected';
import { withSidecarIntegrity } from './doc-integrity';
import { type Harness, type Sandbox, test } from './fixtures';
import { PACKAGE_DIR, PACKAGE_VERSION } from './framework-apps';
import { strictCsp } from './harness-server.mjs';
import type { Host } from './host';

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

function mountElementPage(harness: Harness, sandbox: Sandbox): ElementPage {
  let token = '';
  harness.mount('element-page', (_req: unknown, res: Response) => {
    const nonce = freshNonce();
    const block = withSidecarIntegrity(snippet('docs/frameworks.md', 'element-html-page'), sandbox.sdkVersion)
      .replaceAll(DOC_CDN, sandbox.origins.cdn)
      .replaceAll(`nonce="${DOC_NONCE}"`, `nonce="${nonce}"`)
      // The sandbox's signing app (in production the element's default is right).
      .replace('<svc-contract-signing ', `<svc-contract-signing app-url="${sandbox.origins.signing}" `);
    const html = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Partner page</title></head><body>\n${block}</body></html>`;
    sendPartnerPage(res, sandbox, nonce, html);
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

/** Chromium and Firefox with the docs' page and the package's /assets/ mounted once per worker (`elementPage`). */
export const elementPageTest = test.extend<object, { elementPage: ElementPage }>({
  elementPage: [async ({ harness, sandbox }, use) => use(mountElementPage(harness, sandbox)), { scope: 'worker' }],
});

/** A fresh nonce for a page's script tags and its CSP. */
const freshNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');

/** The SDK's pinned script tag with its integrity, and the element's module from /assets/, both allowed by `nonce`. */
function elementScriptTags(sandbox: Sandbox, nonce: string): string {
  const sdk = join(REPO_ROOT, 'dist', 'packages', 'contracts-sdk', PACKAGE_VERSION, 'index.umd.js');
  return `<script src="${sandbox.origins.cdn}/packages/contracts-sdk/${PACKAGE_VERSION}/index.umd.js" integrity="${sriOf(readFileSync(sdk))}" crossorigin="anonymous" nonce="${nonce}"></script>
<script type="module" src="/assets/contracts-sdk/element.mjs" nonce="${nonce}"></script>`;
}

/** Sends `html` under the strict test CSP plus what an element page needs: its scripts by `nonce`, connect-src 'self'. */
function sendPartnerPage(
  res: Response,
  sandbox: Sandbox,
  nonce: string,
  html: string,
  headers: Record<string, string> = {},
): void {
  const csp = strictCsp({
    cdnOrigin: `${sandbox.origins.cdn} 'nonce-${nonce}'`,
    signingOrigin: sandbox.origins.signing,
  }).replace("connect-src 'none'", "connect-src 'self'");
  send(res, 200, html, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': csp,
    ...headers,
  });
}

/** A token route's answer, as the docs' routes give it. */
export function sendToken(res: Response, signingToken: string): void {
  send(res, 200, JSON.stringify({ signingToken }), { 'content-type': 'application/json', 'cache-control': 'no-store' });
}

/** A token route's request, as the partner's server saw it. */
export type TokenRequest = { method: string; url: string; headers: Record<string, string | undefined> };
type TokenRoute = (req: TokenRequest, res: Response) => void;

/**
 * Serves a page of the test's own at /<prefix>/ of the partner origin: `head` its inline script, `body` then the
 * SDK's and the element's tags (its nonce allows them all), `headers` with it, and `answer` for its token route
 * (./token), each request recorded. Opens it with violations watched until `frame` shows the contract; resolves
 * the recorded requests.
 */
export async function openTokenRoutePage(
  { host, harness, sandbox }: { host: Host; harness: Harness; sandbox: Sandbox },
  prefix: string,
  page: { title: string; head: string; body: string; headers?: Record<string, string>; answer: TokenRoute },
  frame: string,
): Promise<TokenRequest[]> {
  const requests: TokenRequest[] = [];
  harness.mount(prefix, (req: TokenRequest, res: Response) => {
    if (req.url.endsWith('/token')) {
      requests.push({ method: req.method, url: req.url, headers: req.headers });
      return page.answer(req, res);
    }
    const nonce = freshNonce();
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title>
<script nonce="${nonce}">${page.head}</script></head><body>
${page.body}
${elementScriptTags(sandbox, nonce)}
</body></html>`;
    sendPartnerPage(res, sandbox, nonce, html, page.headers);
  });
  await host.watchViolations();
  await host.goto(`${harness.origins.partner}/${prefix}/`);
  await untilFrameShows(host, SIGNER_LINE, { frame, message: `${frame} shows the contract` });
  return requests;
}
