// The requests the sandbox's servers receive, as they receive them: the sandbox runs in the test's worker process
// (fixtures.ts), and Node publishes every incoming HTTP(S) request on the diagnostics channel
// "http.server.request.start", so no server needs a hook of its own. Works the same whatever drives the browser.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';

const CHANNEL = 'http.server.request.start';

export interface ServerRequests {
  /** "METHOD /path" of every request for the origin since recording started, in arrival order (no query). */
  list(): string[];
  /** The same with each request's whole target, query included (where a credential must never be). */
  targets(): string[];
  stop(): void;
}

/** Records the requests any server in this process receives for `origin` (matched on the Host header). */
export function recordServerRequests(origin: string): ServerRequests {
  const host = new URL(origin).host;
  const seen: Array<{ method?: string; target: string }> = [];
  const onRequest = (message: unknown) => {
    const request = (message as { request: IncomingMessage }).request;
    if (request.headers.host === host) seen.push({ method: request.method, target: request.url ?? '/' });
  };
  subscribe(CHANNEL, onRequest);
  return {
    list: () => seen.map(({ method, target }) => `${method} ${new URL(target, origin).pathname}`),
    targets: () => seen.map(({ method, target }) => `${method} ${target}`),
    stop: () => void unsubscribe(CHANNEL, onRequest),
  };
}
