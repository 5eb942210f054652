// GET /api/v3/applications/{app_id}/contracts: the partner backend's way to obtain signing tokens.
// The response shape beyond `signing_token` is "not shown" in the spec; this is the sandbox's choice.
import { createHash, timingSafeEqual } from 'node:crypto';
import { sendJson } from '../../../lib/http-kit.mjs';
import { SCENARIO_NAMES } from './scenarios.mjs';

const PATH = /^\/api\/v3\/applications\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/contracts$/i;
/** Sandbox-only request header choosing the scenario of the issued token (default `complete`). */
export const SCENARIO_HEADER = 'x-sandbox-scenario';

export function matchContractsPath(pathname) {
  return PATH.exec(pathname)?.[1]?.toLowerCase();
}

/** Compares bearer tokens in constant time (hashing first makes the lengths equal). */
function bearerMatches(header, apiToken) {
  const match = /^Bearer (\S+)$/.exec(String(header || ''));
  if (!match) return false;
  const digest = (value) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(apiToken));
}

export function handleContracts(req, res, { applicationId, apiToken, store }) {
  if (req.method !== 'GET')
    return sendJson(res, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: 'Use GET.' } }, { allow: 'GET' });
  // The spec: a missing or invalid credential gives 403 on application endpoints.
  if (!bearerMatches(req.headers.authorization, apiToken)) {
    return sendJson(res, 403, { error: { code: 'FORBIDDEN', message: 'Missing or invalid API credential.' } });
  }
  const scenario = String(req.headers[SCENARIO_HEADER] || 'complete');
  if (!SCENARIO_NAMES.includes(scenario)) {
    return sendJson(res, 422, {
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Unknown sandbox scenario.',
        details: [{ field: `headers.${SCENARIO_HEADER}`, message: `must be one of ${SCENARIO_NAMES.join(', ')}` }],
      },
    });
  }
  const record = store.issue({ scenario, applicationId });
  return sendJson(res, 200, {
    application_id: applicationId,
    contracts: [
      {
        id: record.contractId,
        status: 'sent',
        signers: [
          {
            name: record.signer.name,
            email: record.signer.email,
            role: record.signer.role,
            signing_token: record.token,
          },
        ],
      },
    ],
  });
}
