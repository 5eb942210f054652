// Delivers signed events to the partner's webhook endpoints the way the spec's "Events" section describes:
// JSON envelope, x-svc-* headers, 2xx means delivered, otherwise `numRetries` retries with exponential backoff
// (backoffMs, then twice, four times that). Each target gets the same body and is retried on its own, so a
// failing partner URL never holds up or breaks the delivery to another.
import { randomUUID } from 'node:crypto';
import { signatureHeader } from '../webhook-signature.mjs';

/**
 * `targets`: `[{ url, secret, label, post({ headers, body }) }]`, where `post` resolves `{ status }` or rejects,
 * and `label` names the target in log lines (it must hold no credential).
 */
export function createWebhookSender({ targets, serviceOrigin, numRetries = 3, backoffMs = 1000, log = () => {} }) {
  const timers = new Set();
  const deliveries = [];
  let closed = false;

  function envelope(type, resource, fields) {
    const id = randomUUID();
    return {
      id,
      type,
      occurred_at: new Date().toISOString(),
      resource,
      ...fields,
      links: {
        event_url: `${serviceOrigin}/api/v3/webhooks/events/${id}`,
        resource_url: `${serviceOrigin}/api/v3/applications/${resource.id}`,
      },
    };
  }

  /**
   * Queues one event for delivery to every target and returns it; delivery and retries carry on in the background.
   * `fields`: the event type's own top-level fields (application.contract.signed: session_id).
   */
  function emit(type, resource, fields = {}) {
    const event = envelope(type, resource, fields);
    const rawBody = JSON.stringify(event);
    for (const target of targets) attempt(target, event, rawBody, 1);
    return event;
  }

  function attempt(target, event, rawBody, attemptNumber) {
    deliver(target, event, rawBody, attemptNumber).catch((error) =>
      log(`webhook ${event.type} ${event.id} to ${target.label}: not attempted (${error.message})`),
    );
  }

  async function deliver(target, event, rawBody, attemptNumber) {
    if (closed) return;
    const started = Date.now();
    const outcome = await target
      .post({ headers: headersFor(target, event, rawBody), body: rawBody })
      .catch((error) => ({ status: 0, error: error.message }));
    const success = outcome.status >= 200 && outcome.status < 300;
    const error = success ? null : (outcome.error ?? `HTTP ${outcome.status}`);
    deliveries.push({
      event_id: event.id,
      url: target.label,
      attempt_number: attemptNumber,
      http_status: outcome.status || null,
      response_time_ms: Date.now() - started,
      success,
      delivered_at: new Date().toISOString(),
      error_message: error,
    });
    const retry = !success && attemptNumber <= numRetries && !closed;
    const delayMs = backoffMs * 2 ** (attemptNumber - 1);
    log(
      `webhook ${event.type} ${event.id} to ${target.label} attempt ${attemptNumber}: ${success ? 'delivered' : `failed (${error})${retry ? `, retrying in ${delayMs} ms` : ', giving up'}`}`,
    );
    if (!retry) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      attempt(target, event, rawBody, attemptNumber + 1);
    }, delayMs);
    timers.add(timer);
  }

  function headersFor(target, event, rawBody) {
    return {
      'content-type': 'application/json',
      'x-svc-event-id': event.id,
      'x-svc-event-type': event.type,
      // Signed at send time: a retry carries a fresh timestamp, so it passes the receiver's tolerance.
      'x-svc-signature': signatureHeader(target.secret, rawBody),
    };
  }

  return {
    emit,
    /** Delivery attempts so far, every target's, newest last (the service's delivery history). */
    deliveries: () => deliveries.slice(),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
