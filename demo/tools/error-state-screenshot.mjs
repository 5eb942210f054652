// Regenerates docs/error-state.png: docs/server-rendered.md's kind of page (the two pinned CDN files with their
// integrity, <svc-contract-signing token-url>, no JavaScript of its own) whose token route answers 500, so that
// element.umd.js shows its error state (loader/error-state.ts) in English and, beside it, in German.
// Usage: npm run build && node demo/tools/error-state-screenshot.mjs
import { chromium } from '@playwright/test';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../lib/chromium.mjs';
import { startSandbox } from '../server/sandbox.mjs';

const output = fileURLToPath(new URL('../../docs/error-state.png', import.meta.url));
const hosts = { partner: 'partner.test', cdn: 'cdn.test', signing: 'sign.test' };
const sandbox = await startSandbox({ ports: { demo: 0, cdn: 0, signing: 0 }, hosts });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

/** The partner's page (served on loopback below, a secure context): two elements, two locales. */
const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Your loan contract</title>
<script defer src="${sandbox.urls.sdkPinned}" integrity="${sandbox.integrity.sdk}" crossorigin="anonymous"></script>
<script defer src="${sandbox.urls.elementPinned}" integrity="${sandbox.integrity.element}" crossorigin="anonymous"></script>
<link rel="stylesheet" href="/page.css">
</head><body>
<h1>Your loan contract</h1>
<svc-contract-signing token-url="/signing-token" app-url="${sandbox.origins.signing}"></svc-contract-signing>
<svc-contract-signing token-url="/signing-token" app-url="${sandbox.origins.signing}" locale="de"></svc-contract-signing>
</body></html>`;
const css = `body { font: 16px/1.5 system-ui, sans-serif; margin: 24px; width: 520px; color: #1d2433 }
svc-contract-signing { display: block; margin-bottom: 16px }
.svc-contract-signing-error p { margin: 0 0 12px }`;

// The partner's server: the page, its stylesheet, and a token route that answers 500.
const partner = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const [status, type, body] =
    path === '/signing-token'
      ? [500, 'text/plain', 'no token\n']
      : path === '/page.css'
        ? [200, 'text/css', css]
        : [200, 'text/html; charset=utf-8', page];
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
});
await new Promise((resolve) => partner.listen(0, '127.0.0.1', resolve));

try {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 568, height: 320 } });
  const tab = await context.newPage();
  await tab.goto(`http://localhost:${partner.address().port}/error-state`);
  await tab.locator('.svc-contract-signing-error').nth(1).waitFor();
  await tab.screenshot({ path: output, fullPage: true });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
  await sandbox.close();
  partner.close();
}
