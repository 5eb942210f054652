// The sandbox "service" origin: the signing app (/embed) and the part of the partner API the demo needs.
import { send, sendJson } from '../../../lib/http-kit.mjs';
import { handleContracts, matchContractsPath } from './contracts-api.mjs';
import { createSigningApp } from './signing-app.mjs';

export function createServiceHandler(options) {
  const signingApp = createSigningApp(options);
  return async (req, res) => {
    const { pathname } = new URL(req.url, 'https://service.invalid');
    if (await signingApp(req, res, pathname)) return;
    const applicationId = matchContractsPath(pathname);
    if (applicationId)
      return handleContracts(req, res, { applicationId, apiToken: options.apiToken, store: options.store });
    if (pathname === '/' && req.method === 'GET') {
      return send(
        res,
        200,
        "contracts-sdk sandbox service: the signing app is at /embed (inside the SDK's iframe).\n",
        {
          'content-type': 'text/plain; charset=utf-8',
        },
      );
    }
    if (pathname.startsWith('/api/'))
      return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    return send(res, 404, 'Not found\n', { 'content-type': 'text/plain; charset=utf-8' });
  };
}
