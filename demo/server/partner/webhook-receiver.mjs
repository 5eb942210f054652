// The partner backend's webhook endpoint: verify the signature over the raw body, deduplicate on the event
// id (the service may deliver twice), and record contract signatures as server-confirmed completions.
import { readBody, sendJson } from '../../../lib/http-kit.mjs';
import { SIGNATURE_HEADER, verifySignature } from '../webhook-signature.mjs';

const MAX_REMEMBERED = 1000;

export function createWebhookReceiver({ secrets, now = () => Date.now(), log = () => {} }) {
  const seen = new Set();
  const confirmations = [];

  async function handle(req, res) {
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'POST only' }, { allow: 'POST' });
    const rawBody = await readBody(req, 256 * 1024);
    const verdict = verifySignature({ header: req.headers[SIGNATURE_HEADER], rawBody, secrets, now: now() });
    if (!verdict.ok) {
      log(`webhook rejected: ${verdict.reason}`);
      // Same answer for every failure: the sender learns nothing about which check failed.
      return sendJson(res, 400, { error: 'invalid signature' });
    }
    let event;
    try {
      event = JSON.parse(rawBody);
    } catch {
      return sendJson(res, 400, { error: 'invalid JSON' });
    }
    if (typeof event?.id !== 'string' || typeof event.type !== 'string' || event.id !== req.headers['x-svc-event-id']) {
      return sendJson(res, 400, { error: 'invalid event' });
    }
    if (seen.has(event.id)) return sendJson(res, 200, { received: true, duplicate: true });
    remember(event.id);
    if (event.type === 'application.contract.signed' && event.resource?.type === 'application') {
      confirmations.push({
        eventId: event.id,
        applicationId: String(event.resource.id),
        // The signing session, as the page's contract.* payloads name it (sessionId): joins the two.
        sessionId: typeof event.session_id === 'string' ? event.session_id : undefined,
        occurredAt: String(event.occurred_at),
        receivedAt: new Date(now()).toISOString(),
      });
      if (confirmations.length > MAX_REMEMBERED) confirmations.shift();
      log(`webhook verified: ${event.type} for application ${event.resource.id}, session ${event.session_id}`);
    }
    return sendJson(res, 200, { received: true });
  }

  function remember(id) {
    seen.add(id);
    if (seen.size > MAX_REMEMBERED) seen.delete(seen.values().next().value);
  }

  return { handle, confirmations: () => confirmations.slice() };
}
