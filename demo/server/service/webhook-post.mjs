// POSTs one webhook delivery to a partner's own endpoint (SANDBOX_WEBHOOK_URL): plain http or https, wherever
// the developer pointed it, trusting what Node trusts (public CAs and NODE_EXTRA_CA_CERTS).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

// The spec asks endpoints to answer within 30 seconds; a slower answer counts as a failed attempt.
const TIMEOUT_MS = 30_000;

/** Resolves `{ status }` once the answer is complete; rejects on network errors and timeouts. */
export function postWebhook({ url, headers, body, timeoutMs = TIMEOUT_MS }) {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      { method: 'POST', timeout: timeoutMs, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A URL as it may appear in a log line: no user name, password, query or fragment, which may hold credentials. */
export function urlForLog(url) {
  const { origin, pathname } = new URL(url);
  return origin + pathname;
}
