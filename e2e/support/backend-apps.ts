// docs/server-rendered.md's backend blocks, run as copied (issue #53): Django (`django-views`, `django-urls` in
// e2e/apps/django-backend, `manage.py runserver` from a venv of its pins) and PHP (`php-router` beside
// e2e/apps/php-backend's login, `php -S`), given only the variables the docs name. Each has a sandbox of its own that
// delivers its webhooks to it, and sits behind the harness's partner origin with the docs' page at /sign/; the tokens
// it got and every answer it gave there are kept, so the tests know what must be absent.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snippet } from '../../lib/doc-snippets.mjs';
import { freePort } from '../../lib/free-port.mjs';
import { send } from '../../lib/http-kit.mjs';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { startSandbox } from '../../demo/server/sandbox.mjs';
import { forward, type LoginApp, mountTokenRelay, startAppServer, stopServer } from './app-server';
import { djangoPython } from './django-venv';
import { HOSTS, type Harness, SDK_DIST_DIR, type Sandbox } from './fixtures';
import { htmlPage, serverRenderedPage } from './plain-pages';

export type BackendKind = 'django' | 'php';

/** An answer the backend gave the browser through the harness. */
export interface Served {
  request: string;
  status: number;
  body: string;
}

/** A partner's backend with its own login (LoginApp) in front of the docs' page. */
export interface Backend extends Omit<LoginApp, 'url'> {
  /** The backend's own sandbox (its webhooks go to the backend). */
  sandbox: Sandbox;
  /** Every answer the backend gave through the harness, in order. */
  served(): Served[];
  /** Everything the backend printed (its log). */
  printed(): string;
  /** Resolves once the backend has printed a line matching `pattern`. */
  untilPrinted(pattern: RegExp): Promise<void>;
  webhookUrl: string;
}

/** The project folder of a backend with the docs' blocks written in as the files they say they are. */
function project(kind: BackendKind): string {
  const dir = mkdtempSync(join(tmpdir(), `contracts-sdk-${kind}-`));
  cpSync(join(REPO_ROOT, 'e2e', 'apps', `${kind}-backend`), dir, { recursive: true });
  if (kind === 'php') {
    writeFileSync(join(dir, 'signing.php'), snippet('docs/server-rendered.md', 'php-router'));
  } else {
    mkdirSync(join(dir, 'signing'));
    writeFileSync(join(dir, 'signing', '__init__.py'), '');
    writeFileSync(join(dir, 'signing', 'views.py'), snippet('docs/server-rendered.md', 'django-views'));
    writeFileSync(join(dir, 'signing', 'urls.py'), snippet('docs/server-rendered.md', 'django-urls'));
  }
  return dir;
}

/** The command, arguments and readiness line of each backend's server on `port`. */
async function serverOf(kind: BackendKind, port: number) {
  if (kind === 'php')
    return {
      command: 'php',
      args: ['-S', `127.0.0.1:${port}`, 'partner.php'],
      ready: /Development Server \(http:\/\/127\.0\.0\.1:\d+\) started/,
      readyOn: 'stderr' as const,
    };
  return {
    command: await djangoPython(),
    args: ['manage.py', 'runserver', '--noreload', `127.0.0.1:${port}`],
    ready: /Starting development server at/,
    readyOn: 'stdout' as const,
  };
}

/** What the docs say to set, and nothing else the app reads. */
function environmentOf(kind: BackendKind, sandbox: Sandbox, serviceBase: string) {
  const common = {
    SVC_BASE_URL: serviceBase,
    SVC_API_TOKEN: sandbox.apiToken,
    SVC_WEBHOOK_SECRET: sandbox.webhookSecret,
  };
  if (kind === 'php') return { ...common, SVC_CA_FILE: sandbox.certFile };
  // This machine sets SSL_CERT_FILE for every process: the docs' value replaces it.
  return { ...common, SSL_CERT_FILE: sandbox.certFile, DJANGO_SECRET_KEY: crypto.randomUUID(), PYTHONUNBUFFERED: '1' };
}

/** Starts `kind` with a sandbox of its own and puts it behind the harness's partner origin. */
export async function startBackend(kind: BackendKind, harness: Harness): Promise<Backend> {
  const port = await freePort();
  const webhookUrl = `http://127.0.0.1:${port}/webhooks/svc`;
  const sandbox = (await startSandbox({
    ports: { demo: 0, cdn: 0, signing: 0 },
    hosts: { partner: HOSTS.partner, cdn: HOSTS.cdn, signing: HOSTS.signing },
    extraPartnerOrigins: [harness.origins.partner],
    partnerWebhookUrls: [webhookUrl],
    distDir: SDK_DIST_DIR,
    webhookBackoffMs: 200,
  })) as Sandbox & { close(): Promise<void> };
  const relay = `${kind}-api`;
  const issuedTokens = mountTokenRelay(harness, sandbox, relay);
  // Python resolves no test host name: the service at 127.0.0.1, as the docs say (the certificate lists it).
  const serviceBase = `https://127.0.0.1:${new URL(harness.origins.partner).port}/${relay}`;
  const dir = project(kind);
  const { command, args, ready, readyOn } = await serverOf(kind, port);
  let printed = '';
  const server = await startAppServer(
    `${kind} backend`,
    dir,
    () => args,
    () => environmentOf(kind, sandbox, serviceBase),
    ready,
    { command, port, readyOn },
  ).catch(async (error) => {
    await sandbox.close();
    throw error;
  });
  const listeners = new Set<() => void>();
  for (const stream of [server.process.stdout, server.process.stderr])
    stream?.on('data', (chunk) => {
      printed += String(chunk);
      for (const listener of listeners) listener();
    });

  const kept: Served[] = [];
  const keep = (req: IncomingMessage) => (answer: IncomingMessage, body: Buffer) =>
    kept.push({ request: `${req.method} ${req.url}`, status: answer.statusCode ?? 0, body: body.toString('utf8') });
  for (const prefix of ['login', 'signing-token'])
    harness.mount(prefix, (req: IncomingMessage, res: ServerResponse) => forward(req, res, port, keep(req)));
  const { block, csp } = serverRenderedPage(sandbox);
  harness.mount('sign', (_req: IncomingMessage, res: ServerResponse) =>
    send(res, 200, htmlPage(block), {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': csp,
    }),
  );
  return {
    sandbox,
    webhookUrl,
    loginUrl: (applicationId) => `${harness.origins.partner}/login/${applicationId}`,
    issuedTokens,
    served: () => [...kept],
    printed: () => printed,
    untilPrinted: (pattern) =>
      new Promise((resolve) => {
        const check = () => {
          if (!pattern.test(printed)) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
      }),
    async stop() {
      await stopServer(server.process);
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
