// startSandbox(): the whole stand-in service on loopback (CDN, signing app + contracts API, partner demo
// + backend), for `npm run demo`, the e2e suite and the benchmark alike.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCdnHandler } from './cdn.mjs';
import { ensureCertificate, IP_ADDRESSES } from '../../lib/certs.mjs';
import { DEFAULTS } from './config.mjs';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { listenHttps } from '../../lib/http-kit.mjs';
import { requestLoopback } from '../../lib/loopback-client.mjs';
import { createPartnerHandler } from './partner/partner-backend.mjs';
import { createWebhookReceiver } from './partner/webhook-receiver.mjs';
import { createServiceHandler } from './service/service-handler.mjs';
import { createTokenStore } from './service/token-store.mjs';
import { postWebhook, urlForLog } from './service/webhook-post.mjs';
import { createWebhookSender } from './service/webhook-sender.mjs';

const WEBHOOK_PATH = '/webhooks/svc';

/**
 * Options (all optional): `ports` {demo, cdn, signing} (0 = any free port), `hosts` {partner, cdn, signing},
 * `extraPartnerOrigins` (more sites allowed to embed the app), `partnerWebhookUrls` (partner endpoints that also
 * receive the webhooks), `distDir`, `certDir`, `slowReadyMs`, `expireMs`, `apiToken`, `webhookSecret`, `webhookBackoffMs`,
 * `log` (a function; default silent).
 * Resolves `{ urls, origins, partnerOrigins, partnerWebhookUrls, sdkVersion, integrity, apiToken, webhookSecret, cert,
 * certFile, spkiSha256, confirmations(), deliveries(), sessionStarts(token), close() }`.
 */
export async function startSandbox(options = {}) {
  const ports = { ...DEFAULTS.ports, ...options.ports };
  const hosts = { ...DEFAULTS.hosts, ...options.hosts };
  const distDir = options.distDir ?? DEFAULTS.distDir;
  const log = options.log ?? (() => {});
  const sdkVersion = options.sdkVersion ?? JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;
  // Fresh credentials per run unless configured: nothing secret is ever committed.
  const apiToken = options.apiToken ?? `sbx_api_${randomBytes(24).toString('base64url')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const tls = await ensureCertificate({ dir: options.certDir ?? DEFAULTS.certDir, hostNames: Object.values(hosts) });

  // Handlers need every origin, which needs every port: listen first, then plug the handlers in.
  const handlers = {};
  const servers = [];
  try {
    for (const name of ['cdn', 'signing', 'demo']) {
      servers.push(
        await listenHttps({ tls, port: ports[name], name, handler: (req, res) => handlers[name](req, res) }),
      );
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    throw error;
  }
  const [cdn, signing, demo] = servers;
  const origins = {
    cdn: `https://${hosts.cdn}:${cdn.port}`,
    signing: `https://${hosts.signing}:${signing.port}`,
    partner: `https://${hosts.partner}:${demo.port}`,
  };
  const partnerOrigins = [origins.partner, ...(options.extraPartnerOrigins ?? [])];
  const webhookUrl = origins.partner + WEBHOOK_PATH;
  const partnerWebhookUrls = options.partnerWebhookUrls ?? [];
  // Node resolves no *.localhost name, so a partner's backend reaches the service by IP (the certificate lists it).
  const serviceApi = `https://${IP_ADDRESSES[0]}:${signing.port}`;

  const store = createTokenStore();
  const webhooks = createWebhookSender({
    targets: [
      // The demo receiver is one of ours: always over loopback, trusting exactly the sandbox certificate.
      {
        url: webhookUrl,
        secret: webhookSecret,
        label: webhookUrl,
        post: ({ headers, body }) => requestLoopback({ url: webhookUrl, method: 'POST', ca: tls.cert, headers, body }),
      },
      ...partnerWebhookUrls.map((url) => ({
        url,
        secret: webhookSecret,
        label: urlForLog(url),
        post: ({ headers, body }) => postWebhook({ url, headers, body }),
      })),
    ],
    serviceOrigin: origins.signing,
    backoffMs: options.webhookBackoffMs ?? 1000,
    log,
  });
  const receiver = createWebhookReceiver({ secrets: [webhookSecret], log });

  handlers.cdn = createCdnHandler({ distDir });
  handlers.signing = createServiceHandler({
    assetsDir: join(REPO_ROOT, 'demo', 'signing-app'),
    signingOrigin: origins.signing,
    partnerOrigins,
    store,
    webhooks,
    apiToken,
    slowReadyMs: options.slowReadyMs ?? DEFAULTS.slowReadyMs,
    expireMs: options.expireMs ?? DEFAULTS.expireMs,
  });
  handlers.demo = createPartnerHandler({
    assetsDir: join(REPO_ROOT, 'demo', 'partner'),
    distDir,
    sdkVersion,
    origins,
    apiToken,
    ca: tls.cert,
    receiver,
    webhookPath: WEBHOOK_PATH,
  });

  return {
    urls: {
      demo: origins.partner + '/',
      cdn: origins.cdn,
      signing: origins.signing,
      sdkPinned: `${origins.cdn}/packages/contracts-sdk/${sdkVersion}/index.umd.js`,
      sdkFloating: `${origins.cdn}/packages/contracts-sdk/v${sdkVersion.split('.')[0]}/index.umd.js`,
      elementPinned: `${origins.cdn}/packages/contracts-sdk/${sdkVersion}/element.umd.js`,
      elementFloating: `${origins.cdn}/packages/contracts-sdk/v${sdkVersion.split('.')[0]}/element.umd.js`,
      contractsApi: `${origins.signing}/api/v3/applications/{app_id}/contracts`,
      serviceApi,
      webhook: webhookUrl,
    },
    origins,
    /** Who may frame the signing app (its CSP frame-ancestors): the demo's own origin, then extraPartnerOrigins. */
    partnerOrigins,
    partnerWebhookUrls,
    sdkVersion,
    /** The pinned files' `integrity` (their sidecars in distDir, as built when the sandbox started; null: not built). */
    integrity: {
      sdk: sidecar(distDir, sdkVersion, 'index.umd.js'),
      element: sidecar(distDir, sdkVersion, 'element.umd.js'),
    },
    apiToken,
    webhookSecret,
    cert: tls.cert,
    certFile: tls.certFile,
    spkiSha256: tls.spkiSha256,
    confirmations: receiver.confirmations,
    deliveries: webhooks.deliveries,
    /** How many signing sessions the app started for `token` (its session calls that found the token). */
    sessionStarts: (token) => store.lookup(token)?.initCount ?? 0,
    async close() {
      webhooks.close();
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}

/** The `sha384-…` of a pinned file's `.integrity` sidecar in `distDir`, or null when it is not built. */
function sidecar(distDir, version, file) {
  try {
    return readFileSync(join(distDir, 'packages', 'contracts-sdk', version, `${file}.integrity`), 'utf8').trim();
  } catch {
    return null;
  }
}
