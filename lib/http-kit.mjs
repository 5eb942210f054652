// Small HTTPS helpers for every local server (the sandbox, the benchmark's pages, the e2e harness): a server on
// loopback, JSON in/out, static files.
import { createServer } from 'node:https';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { contentTypeOf } from './content-types.mjs';

// Every sandbox response: no MIME sniffing, no referrer leaks beyond the origin.
const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * Starts an HTTPS server on 127.0.0.1 (never another interface) and resolves once it listens.
 * A handler that throws answers 500 instead of killing the sandbox.
 */
export async function listenHttps({ tls, port, handler, name }) {
  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((error) => {
        // A client error (e.g. an oversized body) carries its status; anything else is our bug: log it.
        const status = error.status ?? 500;
        if (status === 500) console.error(`[sandbox:${name}] ${req.method} ${req.url?.split('?')[0]} failed:`, error);
        if (!res.headersSent)
          sendJson(res, status, {
            error: { code: status === 500 ? 'INTERNAL' : 'BAD_REQUEST', message: error.message },
          });
        else res.destroy();
      });
  });
  // Keep-alive sockets would hold close() open for seconds after a test run.
  server.keepAliveTimeout = 1000;
  await new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  return {
    server,
    port: server.address().port,
    close: () =>
      new Promise((resolvePromise) => {
        server.close(() => resolvePromise());
        server.closeAllConnections();
      }),
  };
}

export function send(res, status, body, headers = {}) {
  res.writeHead(status, { ...BASE_HEADERS, ...headers });
  res.end(body);
}

export function sendJson(res, status, value, headers = {}) {
  send(res, status, JSON.stringify(value), {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
}

/** Reads the raw body as text, refusing anything over `limit` bytes (413). */
export async function readBody(req, limit = 64 * 1024) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) throw Object.assign(new Error('body too large'), { status: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a JSON object body; undefined when it is not JSON or not an object (caller answers 400). */
export async function readJsonObject(req) {
  if (!String(req.headers['content-type'] || '').startsWith('application/json')) return undefined;
  try {
    const value = JSON.parse(await readBody(req));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves `relativePath` inside `root`; undefined when it would escape it (`..`, absolute paths). */
export function safeJoin(root, relativePath) {
  const base = resolve(root);
  const target = resolve(join(base, relativePath));
  return target === base || target.startsWith(base + sep) ? target : undefined;
}

/** Serves one file from `root` with its content type, or 404. */
export async function sendFile(res, root, relativePath, headers = {}) {
  const file = safeJoin(root, relativePath);
  const type = file && contentTypeOf(file);
  const body = type ? await readFile(file).catch(() => undefined) : undefined;
  if (!body) return send(res, 404, 'Not found\n', { 'content-type': 'text/plain; charset=utf-8' });
  return send(res, 200, body, { 'content-type': type, 'cache-control': 'no-cache', ...headers });
}

/** Serialises a CSP object `{directive: [sources]}` in a stable order. */
export function cspHeader(policy) {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');
}

/** `&`, `<`, `>`, `"` escaped for an HTML attribute value or text. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
