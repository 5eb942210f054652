// Server-to-server HTTPS between sandbox origins. The socket always goes to 127.0.0.1, so no sandbox call can
// leave the machine whatever host name a URL holds; TLS checks the name against the sandbox certificate.
import { request } from 'node:https';

const TIMEOUT_MS = 30_000;

/** Resolves `{ status, headers, body, bytes }` (body as text, bytes as received); rejects on network errors and timeouts. */
export function requestLoopback({ url, method = 'GET', headers = {}, body, ca }) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: target.port || 443,
        servername: target.hostname,
        path: target.pathname + target.search,
        method,
        ca,
        timeout: TIMEOUT_MS,
        headers: {
          host: target.host,
          ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode, headers: res.headers, body: bytes.toString('utf8'), bytes });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`request to ${target.host} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}
