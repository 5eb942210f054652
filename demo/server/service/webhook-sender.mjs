// Delivers signed events to the partner's webhook endpoint the way the spec's "Events" section describes:
// JSON envelope, x-svc-* headers, 2xx means delivered, otherwise a few retries with exponential backoff.
import { randomUUID } from 'node:crypto';
import { requestLoopback } from '../../../lib/loopback-client.mjs';
import { signatureHeader } from '../webhook-signature.mjs';

/** `target` is `{ url, secret }`: the partner's subscription URL and its `whsec_` secret. */
export function createWebhookSender({ target, serviceOrigin, ca, numRetries = 3, backoffMs = 1000, log = () => {} }) {
  const timers = new Set();
  const deliveries = [];
  let closed = false;

  function envelope(type, resource) {
    const id = randomUUID();
    return {
      id,
      type,
      occurred_at: new Date().toISOString(),
      resource,
      links: {
        event_url: `${serviceOrigin}/api/v3/webhooks/events/${id}`,
        resource_url: `${serviceOrigin}/api/v3/applications/${resource.id}`,
      },
    };
  }

  /** Queues one event for delivery and returns it; delivery and retries carry on in the background. */
  function emit(type, resource) {
    const event = envelope(type, resource);
    attempt(event, JSON.stringify(event), 1);
    return event;
  }

  async function attempt(event, rawBody, attemptNumber) {
    if (closed || !target?.url) return;
    const started = Date.now();
    const outcome = await post(event, rawBody).catch((error) => ({ status: 0, error: error.message }));
    const success = outcome.status >= 200 && outcome.status < 300;
    deliveries.push({
      event_id: event.id,
      attempt_number: attemptNumber,
      http_status: outcome.status || null,
      response_time_ms: Date.now() - started,
      success,
      delivered_at: new Date().toISOString(),
      error_message: success ? null : outcome.error ?? `HTTP ${outcome.status}`,
    });
    log(`webhook ${event.type} ${event.id} attempt ${attemptNumber}: ${success ? 'delivered' : 'failed'}`);
    if (success || attemptNumber > numRetries || closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      attempt(event, rawBody, attemptNumber + 1);
    }, backoffMs * 2 ** (attemptNumber - 1));
    timers.add(timer);
  }

  function post(event, rawBody) {
    return requestLoopback({
      url: target.url,
      method: 'POST',
      ca,
      body: rawBody,
      headers: {
        'content-type': 'application/json',
        'x-svc-event-id': event.id,
        'x-svc-event-type': event.type,
        // Signed at send time: a retry carries a fresh timestamp, so it passes the receiver's tolerance.
        'x-svc-signature': signatureHeader(target.secret, rawBody),
      },
    });
  }

  return {
    emit,
    /** Delivery attempts so far, newest last (the service's delivery history). */
    deliveries: () => deliveries.slice(),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
