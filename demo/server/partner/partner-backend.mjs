// The partner's own site: the demo page (with its strict CSP), a token endpoint that calls the service's
// contracts API with the API token server-side, the webhook endpoint, and completions confirmed by it.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cspHeader, escapeHtml, readJsonObject, send, sendFile, sendJson } from '../../../lib/http-kit.mjs';
import { requestLoopback } from '../../../lib/loopback-client.mjs';
import { SCENARIO_HEADER } from '../service/contracts-api.mjs';
import { SCENARIO_NAMES } from '../service/scenarios.mjs';

const ASSETS = new Set(['demo.js', 'demo-log.js', 'demo.css', 'appearance-panel.js']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Picker entry for a token of another form, which the sandbox answers with not_found. */
export const OTHER_TOKEN = 'other_token';

export function createPartnerHandler({ assetsDir, distDir, sdkVersion, origins, apiToken, ca, receiver, webhookPath }) {
  const pinnedPath = `/packages/contracts-sdk/${sdkVersion}/index.umd.js`;
  const pageCsp = cspHeader({
    'default-src': ["'none'"],
    'script-src': ["'self'", origins.cdn],
    'style-src': ["'self'"],
    'connect-src': ["'self'"],
    'img-src': ["'self'"],
    'frame-src': [origins.signing],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
    'require-trusted-types-for': ["'script'"],
  });

  async function page(res) {
    const integrity = await readFile(join(distDir, pinnedPath + '.integrity'), 'utf8').catch(() => undefined);
    if (!integrity)
      return send(res, 503, 'The SDK is not built yet: run `npm run build`, then reload.\n', {
        'content-type': 'text/plain; charset=utf-8',
      });
    const template = await readFile(join(assetsDir, 'index.html'), 'utf8');
    const values = {
      SDK_URL: origins.cdn + pinnedPath,
      SDK_INTEGRITY: integrity.trim(),
      APP_URL: origins.signing,
      SDK_VERSION: sdkVersion,
    };
    const html = template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => escapeHtml(values[name] ?? ''));
    return send(res, 200, html, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': pageCsp,
    });
  }

  /**
   * Issues a signing token for the chosen scenario; the API token never leaves this server. A page asking again
   * for the same session (signingToken as a function) names its `applicationId`: a new token for the same
   * application, as a real partner's backend would fetch it.
   */
  async function signingToken(req, res) {
    const body = await readJsonObject(req);
    const scenario = body?.scenario;
    if (scenario !== OTHER_TOKEN && !SCENARIO_NAMES.includes(scenario))
      return sendJson(res, 422, { error: 'unknown scenario' });
    const contractId = `demo-${randomBytes(4).toString('hex')}`;
    if (scenario === OTHER_TOKEN) {
      return sendJson(res, 200, {
        signingToken: `tok_${randomBytes(18).toString('base64url')}`,
        contractId,
        applicationId: null,
      });
    }
    const applicationId =
      typeof body.applicationId === 'string' && UUID.test(body.applicationId) ? body.applicationId : randomUUID();
    const answer = await requestLoopback({
      url: `${origins.signing}/api/v3/applications/${applicationId}/contracts`,
      headers: { authorization: `Bearer ${apiToken}`, accept: 'application/json', [SCENARIO_HEADER]: scenario },
      ca,
    });
    if (answer.status !== 200) return sendJson(res, 502, { error: `contracts endpoint answered ${answer.status}` });
    const signer = JSON.parse(answer.body).contracts?.[0]?.signers?.[0];
    if (typeof signer?.signing_token !== 'string')
      return sendJson(res, 502, { error: 'no signer in the contracts response' });
    return sendJson(res, 200, { signingToken: signer.signing_token, contractId, applicationId });
  }

  return async (req, res) => {
    const { pathname } = new URL(req.url, 'https://partner.invalid');
    if (pathname === '/' && req.method === 'GET') return page(res);
    if (ASSETS.has(pathname.slice(1))) return sendFile(res, assetsDir, pathname.slice(1));
    if (pathname === webhookPath) return receiver.handle(req, res);
    if (pathname === '/api/demo/signing-token') {
      // A browser-only endpoint of this site: refuse cross-site callers.
      if (req.method !== 'POST' || req.headers.origin !== origins.partner)
        return sendJson(res, 403, { error: 'forbidden' });
      return signingToken(req, res);
    }
    if (pathname === '/api/demo/confirmations' && req.method === 'GET')
      return sendJson(res, 200, { confirmations: receiver.confirmations() });
    return send(res, 404, 'Not found\n', { 'content-type': 'text/plain; charset=utf-8' });
  };
}
