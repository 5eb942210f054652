// docs/server-rendered.md's Django and PHP routes (support/backend-apps.ts) called from Node, no browser, once per
// run (Chromium's project only): the token route and the webhook route as the document's checklist says.
import { createHmac } from 'node:crypto';
import { requestLoopback } from '../lib/loopback-client.mjs';
import { signatureHeader } from '../demo/server/webhook-signature.mjs';
import type { Backend } from './support/backend-apps';
import { backendTest } from './support/app-fixtures';
import { expect } from './support/fixtures';

/** The signer's session for `applicationId`: the partner's login, its Set-Cookie as a Cookie header. */
async function sessionFor(backend: Backend, applicationId: string): Promise<string> {
  const login = await requestLoopback({ url: backend.loginUrl(applicationId), ca: backend.sandbox.cert });
  expect(login.status, 'the login').toBe(303);
  const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

for (const [kind, name] of [
  ['django', 'Django'],
  ['php', 'PHP'],
] as const) {
  // Each backend in workers of its own (both answer the docs' /signing-token on the harness).
  const test = backendTest(kind);

  test(`the docs' ${name} token route: 401 without a session, 403 without the element's header, 502 when the contracts call fails; else { signingToken }, no-store`, async ({
    backend,
  }) => {
    const tokenUrl = new URL('/signing-token', backend.loginUrl('x')).href;
    const post = (headers: Record<string, string>) =>
      requestLoopback({ url: tokenUrl, method: 'POST', headers, ca: backend.sandbox.cert });
    const element = { 'x-requested-with': 'contracts-sdk' };
    const applicationId = crypto.randomUUID();
    const session = await sessionFor(backend, applicationId);

    expect((await post(element)).status, 'no session').toBe(401);
    expect((await post({ cookie: session })).status, "not the element's request").toBe(403);
    expect(backend.issuedTokens(applicationId), 'no token fetched for a refused request').toEqual([]);
    // The sandbox's contracts endpoint answers 404 to an id that is not a UUID.
    const failed = await post({ cookie: await sessionFor(backend, 'loan-42'), ...element });
    expect(failed.status, 'the contracts call failed').toBe(502);

    const answer = await post({ cookie: session, ...element });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.body)).toEqual({ signingToken: backend.issuedTokens(applicationId)[0] });
  });

  test(`the docs' ${name} webhook route: 400 unless the signature verifies with the whole whsec_ secret within 300 s, then 204`, async ({
    backend,
  }) => {
    const secret = backend.sandbox.webhookSecret;
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      type: 'application.contract.signed',
      occurred_at: new Date().toISOString(),
      resource: { id: crypto.randomUUID(), type: 'application' },
    });
    const deliver = async (signature: string) =>
      (
        await fetch(backend.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-svc-signature': signature },
          body,
        })
      ).status;
    const now = Math.floor(Date.now() / 1000);
    const decodedKey = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const standardWebhooks = `t=${now}, v1=${createHmac('sha256', decodedKey).update(`${now}.${body}`).digest('hex')}`;

    expect(await deliver(''), 'no signature').toBe(400);
    expect(await deliver(signatureHeader(`${secret}x`, body)), 'another secret').toBe(400);
    expect(await deliver(standardWebhooks), 'the part after whsec_, base64-decoded, as the key').toBe(400);
    expect(await deliver(signatureHeader(secret, body, now - 301)), 'signed 301 s ago').toBe(400);
    expect(await deliver(signatureHeader(secret, body)), 'signed with the whole secret, now').toBe(204);
  });
}
