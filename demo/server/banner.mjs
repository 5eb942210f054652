// What `npm run demo` prints once the sandbox listens: where everything is, and what a partner's own page,
// backend and webhook endpoint need to use it (docs/sandbox.md, "Driving the sandbox from your own backend").
import { urlForLog } from './service/webhook-post.mjs';

/** The example origin and webhook URL the banner's commands use (a dev server's, on loopback). */
export const EXAMPLE_PARTNER_ORIGIN = 'http://localhost:3000';
export const EXAMPLE_WEBHOOK_URL = 'http://127.0.0.1:3000/webhooks/svc';

/** `rows` as aligned `  <left>  <right>` lines. */
function table(rows) {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`.trimEnd()).join('\n');
}

/** SANDBOX_PARTNER_ORIGINS as a restart command would set it: the current origins and the example. */
function withExample(values, example) {
  return [...new Set([...values, example])].join(',');
}

/** How to add a partner webhook endpoint, until one is configured. */
function webhookAdvice(sandbox) {
  if (sandbox.partnerWebhookUrls.length > 0) return '';
  return `To receive them on your own endpoint too, restart with SANDBOX_WEBHOOK_URL (comma-separated), e.g.:
  SANDBOX_WEBHOOK_URL=${EXAMPLE_WEBHOOK_URL} npm run demo
`;
}

/** A pinned file's integrity as its script tag takes it (docs/server-rendered.md). */
function integrityText(integrity) {
  return integrity ? `integrity="${integrity}"` : 'integrity: not built yet (npm run build)';
}

/** The banner for a started sandbox (what startSandbox() resolves). */
export function bannerText(sandbox) {
  const { urls, origins } = sandbox;
  const extraOrigins = sandbox.partnerOrigins.filter((origin) => origin !== origins.partner);
  const frameRows = [
    [origins.partner, 'the demo'],
    ...extraOrigins.map((origin) => [origin, 'from SANDBOX_PARTNER_ORIGINS']),
  ];
  const webhookRows = [
    [urls.webhook, 'the demo'],
    ...sandbox.partnerWebhookUrls.map((url) => [urlForLog(url), 'from SANDBOX_WEBHOOK_URL']),
  ];
  return `
contracts-sdk sandbox (HTTPS, self-signed certificate, listening on 127.0.0.1 only)

${table([
  ['Partner demo', `${urls.demo}      <- open this`],
  ['CDN', urls.cdn],
  ['  pinned SDK', urls.sdkPinned],
  ['', integrityText(sandbox.integrity.sdk)],
  ['  pinned element', urls.elementPinned],
  ['', integrityText(sandbox.integrity.element)],
  ['  floating SDK', urls.sdkFloating],
  ['  floating element', urls.elementFloating],
  ['Signing app', `${urls.signing}/embed`],
  ['Contracts API', urls.contractsApi],
  ['Demo webhook', urls.webhook],
])}

The certificate is self-signed. Either start a throwaway Chromium that trusts exactly this certificate:

  chromium --user-data-dir="$(mktemp -d)" --ignore-certificate-errors-spki-list=${sandbox.spkiSha256} ${urls.demo}

or open ${urls.cdn}/ and ${urls.signing}/ once and accept the warning before opening the demo.

Pages of these origins may frame the signing app (its CSP frame-ancestors); any other gets loading_error:
${table(frameRows)}
To add your page's origin, restart with it in SANDBOX_PARTNER_ORIGINS (comma-separated), e.g.:
  SANDBOX_PARTNER_ORIGINS=${withExample(extraOrigins, EXAMPLE_PARTNER_ORIGIN)} npm run demo

Your backend: Node does not resolve *.localhost, so call the service API at ${urls.serviceApi}
  GET ${urls.serviceApi}/api/v3/applications/<uuid>/contracts
  Authorization: Bearer ${sandbox.apiToken}
trusting the sandbox certificate:
  NODE_EXTRA_CA_CERTS=${sandbox.certFile} node <your backend>
  curl --cacert ${sandbox.certFile} ...
Python, PHP, Ruby, .NET: how each trusts it and resolves names, in docs/server-rendered.md
  ("Backend notes for any language")

Webhooks: application.contract.signed goes to
${table(webhookRows)}
signed (x-svc-signature) with the secret ${sandbox.webhookSecret}
${webhookAdvice(sandbox)}SANDBOX_WEBHOOK_SECRET=whsec_... keeps the secret the same across restarts.

Ctrl+C stops everything.
`;
}
