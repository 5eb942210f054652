// Two partner pages without a bundler, served as the docs write them on the harness's partner origin, each under
// the Content Security Policy its document recommends, with the pinned CDN files and their integrity:
// - the README's Quick start page (`quickstart-page` + `quickstart-page-script`, its `/js/signing.js`) under the
//   README's CSP (`readme-csp`) after default-src 'none' and img-src 'self', its token route at POST /my-backend/signing-token;
// - docs/server-rendered.md's page (`server-rendered-page`): the two script tags and <svc-contract-signing
//   token-url>, no JavaScript of the partner's, under that document's complete header (`server-rendered-csp`),
//   its token route at POST /signing-token checking the signer's session cookie and X-Requested-With.
// Each route answers the tokens a test queued, in order, and records how it was called.
import { snippet } from '../../lib/doc-snippets.mjs';
import { send } from '../../lib/http-kit.mjs';
import { withSidecarIntegrity } from './doc-integrity';
import type { Harness } from './fixtures';
import { tamper } from './harness-server.mjs';

type Request = { method?: string; url: string; headers: Record<string, string | string[] | undefined> };
type Response = { end(): void };

const DOC_CDN = 'https://cdn.svc.example';
const DOC_APP = 'https://sign.svc.example';
const HTML = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

/** An answer of the token route that is no token: a status, its content type, and where a redirect goes. */
export interface RouteAnswer {
  status: number;
  contentType: string;
  location?: string;
}

/** How the page's script or element called its token route. */
export interface TokenCall {
  method: string;
  requestedWith: string | undefined;
  /** The page's session cookie came with it (credentials: same-origin). */
  withSession: boolean;
}

export interface PlainPage {
  url: string;
  /**
   * The server-rendered page: its index.umd.js tag left out (`missing`) or with a wrong integrity (`tampered`), so the
   * element's file runs without SvcSDK; `load-timeout="3000"` on its element (`timeout`); `signing-token="…"` on it
   * (`token`), as a server renderer may write it; docs/server-rendered.md's `/js/signing-events.js` after the two tags
   * and `'self'` in `script-src`, as the document says (`events`: its next step is `/application/next-step`).
   */
  variantUrl?(variant: 'missing' | 'tampered' | 'timeout' | 'token' | 'events'): string;
  /**
   * The tokens the route answers, in order; `null` answers HTTP 500 instead, a RouteAnswer what it says. Clears the
   * calls recorded so far.
   */
  queueTokens(tokens: Array<string | null | RouteAnswer>): void;
  calls(): TokenCall[];
}

export interface PlainPages {
  quickstart: PlainPage;
  serverRendered: PlainPage;
}

/** The sandbox's addresses, and the version of the pinned files it serves. */
type Sandbox = { origins: { cdn: string; signing: string }; sdkVersion: string };

/** `text` with `from` replaced by `to`, which must be there (a doc that changed must fail here, not pass silently). */
function replaced(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the docs' block no longer contains ${from}`);
  return text.replaceAll(from, to);
}

/** A whole HTML document around a block of the docs. */
export const htmlPage = (body: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Partner page</title></head><body>\n${body}</body></html>`;

/** A token route answering the queued tokens (JSON or text) and recording its calls. */
function tokenRoute(json: boolean, session?: string) {
  let queue: Array<string | null | RouteAnswer> = [];
  let calls: TokenCall[] = [];
  const handler = (req: Request, res: Response) => {
    const cookie = String(req.headers.cookie ?? '');
    const call: TokenCall = {
      method: req.method ?? '',
      requestedWith: req.headers['x-requested-with'] as string | undefined,
      withSession: session !== undefined && cookie.split(/;\s*/).includes(`session=${session}`),
    };
    calls.push(call);
    const headers = { 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' };
    if (call.method !== 'POST') return send(res, 405, 'POST only\n', headers);
    // docs/server-rendered.md, "The token route": the signer's session, then the header against cross-site requests.
    if (session !== undefined && !call.withSession) return send(res, 401, 'not logged in\n', headers);
    if (session !== undefined && call.requestedWith !== 'contracts-sdk') return send(res, 403, 'cross-site\n', headers);
    const token = queue.shift();
    if (!token) return send(res, 500, 'no token\n', headers);
    if (typeof token === 'object') {
      const { status, contentType, location } = token;
      return send(res, status, '<!doctype html><title>Log in</title>\n', {
        ...headers,
        'content-type': contentType,
        ...(location ? { location } : {}),
      });
    }
    if (!json) return send(res, 200, token, headers);
    send(res, 200, JSON.stringify({ signingToken: token }), { ...headers, 'content-type': 'application/json' });
  };
  return {
    handler,
    queueTokens(tokens: Array<string | null | RouteAnswer>) {
      queue = [...tokens];
      calls = [];
    },
    calls: () => calls,
  };
}

/** The README's Quick start page under the README's CSP. */
function mountQuickstart(harness: Harness, sandbox: Sandbox, scripts: Map<string, string>): PlainPage {
  // The integrity as the README words it: the content of the sidecar (docs-snippets.spec.ts checks every such tag).
  const page = withSidecarIntegrity(
    replaced(snippet('README.md', 'quickstart-page'), '{cdn_url}', sandbox.origins.cdn),
    sandbox.sdkVersion,
  );
  // The sandbox's signing app (in production the default address is right).
  const script = replaced(
    snippet('README.md', 'quickstart-page-script'),
    'signingToken: getSigningToken,',
    `signingToken: getSigningToken,\n  appUrl: '${sandbox.origins.signing}',`,
  );
  const directives = snippet('README.md', 'readme-csp')
    .replaceAll('{cdn_url}', sandbox.origins.cdn)
    .replaceAll('{app_url}', sandbox.origins.signing)
    .split('\n')
    .join(' ')
    .trim();
  // img-src for the favicon a browser may ask for (WebKit does, after the load event): the page's own business.
  const csp = `default-src 'none'; img-src 'self'; ${directives}`;
  harness.mount('quickstart', (_req: Request, res: Response) =>
    send(res, 200, htmlPage(page), { ...HTML, 'content-security-policy': csp }),
  );
  scripts.set('/js/signing.js', script);
  const route = tokenRoute(false);
  harness.mount('my-backend', route.handler);
  return { url: `${harness.origins.partner}/quickstart/`, queueTokens: route.queueTokens, calls: route.calls };
}

/**
 * docs/server-rendered.md's page block filled as the document says (the sandbox's CDN with the sidecars' integrity,
 * its signing app), and the value of its complete CSP header with the sandbox's addresses.
 */
export function serverRenderedPage(sandbox: Sandbox): { block: string; csp: string } {
  const block = replaced(
    withSidecarIntegrity(
      replaced(snippet('docs/server-rendered.md', 'server-rendered-page'), DOC_CDN, sandbox.origins.cdn),
      sandbox.sdkVersion,
    ),
    // The sandbox's signing app, as the document says to try it.
    '<svc-contract-signing ',
    `<svc-contract-signing app-url="${sandbox.origins.signing}" `,
  );
  const header = snippet('docs/server-rendered.md', 'server-rendered-csp').trim();
  const csp = replaced(
    replaced(replaced(header, 'Content-Security-Policy: ', ''), DOC_CDN, sandbox.origins.cdn),
    DOC_APP,
    sandbox.origins.signing,
  );
  return { block, csp };
}

/** docs/server-rendered.md's page under its complete CSP header, with the signer's session cookie. */
function mountServerRendered(harness: Harness, sandbox: Sandbox, scripts: Map<string, string>): PlainPage {
  const { block, csp } = serverRenderedPage(sandbox);
  scripts.set('/js/signing-events.js', snippet('docs/server-rendered.md', 'server-rendered-events'));
  const indexTag = /<script defer src="[^"]+\/index\.umd\.js"[^>]*><\/script>\n/.exec(block)?.[0];
  if (!indexTag) throw new Error("the docs' block no longer has index.umd.js's tag as written");
  const variants: Record<string, string> = {
    missing: block.replace(indexTag, ''),
    tampered: block.replace(indexTag, indexTag.replace(/sha384-[^"]+/, tamper)),
    // "loaded with defer after the two tags"
    events: `${block}<script defer src="/js/signing-events.js"></script>\n`,
    token: replaced(block, '<svc-contract-signing ', '<svc-contract-signing signing-token="not-a-real-token" '),
    // The partner's own load-timeout (3 s, the least the SDK takes without a debug warning).
    timeout: replaced(block, '<svc-contract-signing ', '<svc-contract-signing load-timeout="3000" '),
  };
  // "add 'self' to script-src"
  const cspWithSelf = replaced(csp, 'script-src ', "script-src 'self' ");
  const session = crypto.randomUUID();
  harness.mount('server-rendered', (req: Request, res: Response) => {
    const variant = new URL(req.url, 'https://x').searchParams.get('index') ?? '';
    send(res, 200, htmlPage(variants[variant] ?? block), {
      ...HTML,
      'content-security-policy': variant === 'events' ? cspWithSelf : csp,
      'set-cookie': `session=${session}; Path=/; Secure; HttpOnly; SameSite=Lax`,
    });
  });
  const route = tokenRoute(true, session);
  harness.mount('signing-token', route.handler);
  harness.mount('application', (_req: Request, res: Response) =>
    send(res, 200, htmlPage('<h1>Next step</h1>\n'), HTML),
  );
  const url = `${harness.origins.partner}/server-rendered/`;
  return {
    url,
    variantUrl: (variant) => `${url}?index=${variant}`,
    queueTokens: route.queueTokens,
    calls: route.calls,
  };
}

export function mountPlainPages(harness: Harness, sandbox: Sandbox): PlainPages {
  // The pages' own script files, by path (/js/…).
  const scripts = new Map<string, string>();
  harness.mount('js', (req: Request, res: Response) => {
    const script = scripts.get(new URL(req.url, 'https://x').pathname);
    if (script === undefined) return send(res, 404, 'Not found\n');
    send(res, 200, script, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
  });
  return {
    quickstart: mountQuickstart(harness, sandbox, scripts),
    serverRendered: mountServerRendered(harness, sandbox, scripts),
  };
}
