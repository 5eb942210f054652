// Running a partner's server-rendered app: its server started from its build and waited for, the browser's requests
// forwarded to it, and a relay of the contracts endpoint that notes each signing token on its way to the app.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { waitForOutput } from '../../lib/child-output.mjs';
import { freePort } from '../../lib/free-port.mjs';
import { requestLoopback } from '../../lib/loopback-client.mjs';
import { CERT_DIR } from '../../lib/repo-paths.mjs';
import type { Harness, Sandbox } from './fixtures';

const START_TIMEOUT_MS = 30_000;

/** Node reads it at start: the sandbox's certificate, for the app server's calls to the contracts endpoint. */
export const SANDBOX_CA_ENV = { NODE_EXTRA_CA_CERTS: join(CERT_DIR, 'sandbox-cert.pem') };

/** A partner's app served by this worker behind the harness's partner origin. */
export interface PartnerApp {
  /** A page of the app on the partner origin, e.g. `/apply/<id>/sign`. */
  url(path: string): string;
  /** The signing tokens the app's server got for an application, in order. */
  issuedTokens(applicationId: string): string[];
  stop(): Promise<void>;
}

/** An app with the partner's own login: it gives the browser the signer's session, then opens the signing page. */
export interface LoginApp extends PartnerApp {
  loginUrl(applicationId: string): string;
}

export interface AppServer {
  process: ChildProcess;
  port: number;
}

/** How to start a server that is not node, or on a port chosen before (one a sandbox delivers webhooks to). */
export interface StartOptions {
  command?: string;
  port?: number;
  /** The stream it says `ready` on (PHP's built-in server: stderr). */
  readyOn?: 'stdout' | 'stderr';
}

/**
 * Starts `args` (after node, or `command`) in `dir` on `port` (default: a free one; `argsFor(port)`,
 * `envFor(port)`) and resolves once it printed `ready`; a server that exits or stays silent is stopped and named with its stderr.
 */
export async function startAppServer(
  what: string,
  dir: string,
  argsFor: (port: number) => string[],
  envFor: (port: number) => Record<string, string>,
  ready: RegExp,
  { command = process.execPath, port: chosen, readyOn = 'stdout' }: StartOptions = {},
): Promise<AppServer> {
  const port = chosen ?? (await freePort());
  const server = spawn(command, argsFor(port), {
    cwd: dir,
    env: { ...process.env, ...SANDBOX_CA_ENV, ...envFor(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  server.stderr?.on('data', (chunk) => stderr.push(String(chunk)));
  try {
    await waitForOutput(server, server[readyOn], ready, {
      what,
      timeoutMs: START_TIMEOUT_MS,
      details: () => stderr.join(''),
    });
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  server.stdout?.resume();
  return { process: server, port };
}

/**
 * Mounts at `/<prefix>/` of the harness the sandbox's service API as the sandbox answers it (`/<prefix>/api/v3/...`
 * is the sandbox's `/api/v3/...`); returns the signing tokens it issued per application, in order.
 */
export function mountTokenRelay(
  harness: Harness,
  sandbox: Sandbox,
  prefix: string,
): (applicationId: string) => string[] {
  const issued = new Map<string, string[]>();
  harness.mount(prefix, async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').slice(prefix.length + 1);
    const answer = await requestLoopback({
      url: `${sandbox.origins.signing}${path}`,
      headers: { authorization: req.headers.authorization ?? '', 'x-sandbox-scenario': 'complete' },
      ca: sandbox.cert,
    });
    const applicationId = /\/applications\/([^/]+)\//.exec(path)?.[1] ?? '';
    if (answer.status === 200) {
      const token = JSON.parse(answer.body).contracts[0].signers[0].signing_token as string;
      issued.set(applicationId, [...(issued.get(applicationId) ?? []), token]);
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  return (applicationId) => [...(issued.get(applicationId) ?? [])];
}

/**
 * Sends the browser's request as it came (method, path, headers, body) to the app's server on `port`; `keep` gets
 * each whole answer before the browser does.
 */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  port: number,
  keep?: (answer: IncomingMessage, body: Buffer) => void,
): void {
  const upstream = request(
    { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (!keep) return void answer.pipe(res);
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        keep(answer, body);
        res.end(body);
      });
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

/** Ends a server we started, by its PID; resolves when it has exited. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
}
