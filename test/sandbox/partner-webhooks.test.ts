// @vitest-environment node
// SANDBOX_WEBHOOK_URL: the sandbox also delivers application.contract.signed to the partner's own endpoints,
// with the demo's body and headers, signed as the spec's "Signature verification" says; failures are retried,
// logged without credentials, and never hold up the demo receiver. The receivers are real HTTP servers on
// loopback: one of this test's, and docs/sandbox.md's example receiver run as written.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../demo/server/sandbox.mjs';
import { snippet } from '../../lib/doc-snippets.mjs';
import { freePort } from '../../lib/free-port.mjs';
import { issueToken, signContract, startSession } from './sandbox-http';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
}

const SECRET = `whsec_${randomBytes(18).toString('base64url')}`;
const QUERY_CREDENTIAL = `key_${randomBytes(9).toString('hex')}`;
let root: string;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let recorder: Server;
let docReceiver: ChildProcess;
let urls: { hook: string; retry: string; doc: string; dead: string };

/** Resolves with the first item `matches` accepts, among those seen so far and those still to come. */
function watchList<T>() {
  const items: T[] = [];
  const waiters = new Set<{ matches: (item: T) => boolean; resolve: (item: T) => void }>();
  return {
    items,
    push(item: T) {
      items.push(item);
      for (const waiter of waiters) if (waiter.matches(item)) waiters.delete(waiter), waiter.resolve(item);
    },
    next(matches: (item: T) => boolean): Promise<T> {
      const seen = items.find(matches);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.add({ matches, resolve }));
    },
  };
}

const logLines = watchList<string>();
const received = watchList<Received>();
const docReceiverLines = watchList<string>();

/** The spec's check, written out here independently of the sandbox's own verifier. */
function signatureValid(header: string | string[] | undefined, rawBody: string): boolean {
  const match = /^t=(\d+), v1=([0-9a-f]{64})$/.exec(String(header));
  if (!match || Math.abs(Date.now() / 1000 - Number(match[1])) > 300) return false;
  const expected = createHmac('sha256', SECRET).update(`${match[1]}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
}

/** POSTs to the docs' receiver; resolves its status, or undefined while it is not listening yet. */
function postToDocReceiver(headers: Record<string, string>, body: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(urls.doc, { method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve(undefined) : reject(error),
    );
    req.end(body);
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sandbox-webhooks-'));
  // This test's receiver: /hook answers 200; /retry answers 500 to an event's first delivery, 200 after.
  recorder = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const item = { path: String(req.url), headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') };
      const firstOfEvent = !received.items.some(
        (seen) => seen.path === item.path && seen.headers['x-svc-event-id'] === item.headers['x-svc-event-id'],
      );
      received.push(item);
      res.writeHead(item.path === '/retry' && firstOfEvent ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const recorderPort = (recorder.address() as { port: number }).port;

  const docPort = await freePort();
  writeFileSync(join(root, 'webhook.mjs'), snippet('docs/sandbox.md', 'sandbox-webhook-receiver'));
  docReceiver = spawn(process.execPath, [join(root, 'webhook.mjs')], {
    env: { ...process.env, SVC_WEBHOOK_SECRET: SECRET, PORT: String(docPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: docReceiver.stdout! }).on('line', (line) => docReceiverLines.push(line));

  urls = {
    hook: `http://127.0.0.1:${recorderPort}/hook`,
    retry: `http://127.0.0.1:${recorderPort}/retry`,
    doc: `http://127.0.0.1:${docPort}/webhooks/svc`,
    // Nothing listens here (the port is free): every attempt fails.
    dead: `http://127.0.0.1:${await freePort()}/dead?token=${QUERY_CREDENTIAL}`,
  };
  sandbox = await startSandbox({
    ports: { demo: 0, cdn: 0, signing: 0 },
    certDir: join(root, 'certs'),
    distDir: join(root, 'dist'),
    webhookSecret: SECRET,
    webhookBackoffMs: 10,
    partnerWebhookUrls: [urls.dead, urls.hook, urls.retry, urls.doc],
    log: (line: string) => logLines.push(line),
  });
});

afterAll(async () => {
  await sandbox?.close();
  docReceiver?.kill();
  await new Promise((resolve) => recorder?.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('SANDBOX_WEBHOOK_URL deliveries', () => {
  it("docs/sandbox.md's receiver refuses a delivery without a valid signature", async () => {
    const body = JSON.stringify({
      id: randomUUID(),
      type: 'application.contract.signed',
      resource: { id: randomUUID(), type: 'application' },
    });
    // Started with the test; it answers once it listens.
    let status: number | undefined;
    while ((status = await postToDocReceiver({ 'content-type': 'application/json' }, body)) === undefined);
    expect(status).toBe(400);
    const t = Math.floor(Date.now() / 1000);
    const wrongSecret = `t=${t}, v1=${createHmac('sha256', 'whsec_other').update(`${t}.${body}`).digest('hex')}`;
    expect(await postToDocReceiver({ 'x-svc-signature': wrongSecret }, body)).toBe(400);
    const tooOld = `t=${t - 301}, v1=${createHmac('sha256', SECRET)
      .update(`${t - 301}.${body}`)
      .digest('hex')}`;
    expect(await postToDocReceiver({ 'x-svc-signature': tooOld }, body)).toBe(400);
  });

  it('deliver a signed contract to every partner URL and the demo receiver, with the same body and signature headers', async () => {
    const applicationId = randomUUID();
    const token = await issueToken(sandbox, applicationId, 'complete');
    const session = await startSession(sandbox, token);
    // The service's id of the signing session: the app sends it with ready, the webhook carries it as session_id.
    expect(session).toMatchObject({ action: 'contract', sessionId: expect.stringMatching(/^ses_[0-9a-f]{24}$/) });
    await signContract(sandbox, token);

    // The demo receiver verified it, and so did the docs' receiver, each with the secret the banner prints.
    await logLines.next(
      (line) =>
        line ===
        `webhook verified: application.contract.signed for application ${applicationId}, session ${session.sessionId}`,
    );
    await docReceiverLines.next((line) => line === `application ${applicationId}: contract signed`);
    const demoConfirmation = sandbox.confirmations().find((c) => c.applicationId === applicationId)!;
    expect(demoConfirmation.sessionId).toBe(session.sessionId);

    const hook = await received.next(
      (item) => item.path === '/hook' && JSON.parse(item.rawBody).resource.id === applicationId,
    );
    const event = JSON.parse(hook.rawBody);
    expect(event).toEqual({
      id: demoConfirmation.eventId,
      type: 'application.contract.signed',
      occurred_at: demoConfirmation.occurredAt,
      resource: { id: applicationId, type: 'application' },
      session_id: session.sessionId,
      links: {
        event_url: `${sandbox.origins.signing}/api/v3/webhooks/events/${event.id}`,
        resource_url: `${sandbox.origins.signing}/api/v3/applications/${applicationId}`,
      },
    });
    expect(hook.headers).toMatchObject({
      'content-type': 'application/json',
      'x-svc-event-id': event.id,
      'x-svc-event-type': 'application.contract.signed',
    });
    expect(signatureValid(hook.headers['x-svc-signature'], hook.rawBody)).toBe(true);

    // /retry answered 500 first: retried with the same body and a valid (fresh) signature.
    const retried = await received.next(
      (item) =>
        item.path === '/retry' &&
        item.headers['x-svc-event-id'] === event.id &&
        received.items.filter((i) => i.path === '/retry' && i.headers['x-svc-event-id'] === event.id).length === 2,
    );
    expect(retried.rawBody).toBe(hook.rawBody);
    expect(signatureValid(retried.headers['x-svc-signature'], retried.rawBody)).toBe(true);

    // The dead URL: the first attempt and 3 retries failed, then the sandbox gave up.
    const gaveUp = await logLines.next((line) => line.includes('/dead') && line.includes(' attempt 4: '));
    expect(gaveUp).toMatch(
      / to http:\/\/127\.0\.0\.1:\d+\/dead attempt 4: failed \(connect ECONNREFUSED 127\.0\.0\.1:\d+\), giving up$/,
    );

    const attempts = sandbox
      .deliveries()
      .filter((d) => d.event_id === event.id)
      .map((d) => [new URL(d.url).pathname, d.attempt_number, d.http_status, d.success]);
    expect(attempts).toEqual(
      expect.arrayContaining([
        ['/webhooks/svc', 1, 200, true],
        ['/hook', 1, 200, true],
        ['/retry', 1, 500, false],
        ['/retry', 2, 200, true],
        ['/dead', 1, null, false],
        ['/dead', 4, null, false],
      ]),
    );
    // The demo receiver's delivery was not held up or repeated by the failing partner URL.
    expect(sandbox.deliveries().filter((d) => d.event_id === event.id && d.url === sandbox.urls.webhook)).toHaveLength(
      1,
    );

    // No log line carries a credential: the signing token, the API token, the secret, or the URL's query.
    for (const line of logLines.items) {
      for (const secret of [token, sandbox.apiToken, SECRET, QUERY_CREDENTIAL]) expect(line).not.toContain(secret);
    }
    expect(
      sandbox
        .deliveries()
        .map((d) => d.url)
        .join(' '),
    ).not.toContain(QUERY_CREDENTIAL);
  });
});
