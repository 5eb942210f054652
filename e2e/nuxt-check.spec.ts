// The Nuxt app (support/nuxt-app.ts) without a browser, once per run (Chromium's project): `nuxt typecheck`, the docs'
// token and webhook routes, and the cached route the docs warn of.
import { createHmac } from 'node:crypto';
import { requestLoopback } from '../lib/loopback-client.mjs';
import { expect } from './support/fixtures';
import { NUXT_WEBHOOK_PATH, nuxtAppBuild, nuxtTypecheck } from './support/nuxt-app';
import { nuxtTest as test } from './support/app-fixtures';

test('nuxt typecheck passes on the app built from the docs: no error', async () => {
  test.setTimeout(300_000); // vue-tsc reads Nuxt's and Vue's types: half a minute on two loaded cores
  expect(await nuxtTypecheck(await nuxtAppBuild())).toBe('');
});

test("the docs' token route: 401 without a session, 403 without the element's header; else { signingToken }, no-store", async ({
  sandbox,
  nuxtApp,
}) => {
  const applicationId = crypto.randomUUID();
  const url = nuxtApp.url('/api/signing-token');
  const post = (headers: Record<string, string>) =>
    requestLoopback({ url, method: 'POST', headers: { origin: new URL(url).origin, ...headers }, ca: sandbox.cert });
  const session = { cookie: `signer=${applicationId}` };
  const element = { 'x-requested-with': 'contracts-sdk' };

  expect((await post(element)).status, 'no session').toBe(401);
  expect((await post(session)).status, "not the element's request").toBe(403);
  expect(nuxtApp.issuedTokens(applicationId), 'no token fetched for a refused request').toEqual([]);

  const answer = await post({ ...session, ...element });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(answer.body)).toEqual({ signingToken: nuxtApp.issuedTokens(applicationId)[0] });
});

test("the docs' webhook route: the whole whsec_ secret over the raw body within 300 s, nothing else; a repeat counted once", async ({
  sandbox,
  nuxtApp,
}) => {
  const applicationId = crypto.randomUUID();
  const eventId = crypto.randomUUID();
  // Spaced as JSON.stringify would not: re-serialised JSON is not the bytes that were signed.
  const body = `{ "id": "${eventId}", "type": "application.contract.signed", "resource": { "id": "${applicationId}", "type": "application" } }`;
  const now = Math.floor(Date.now() / 1000);
  const sign = (key: string | Buffer, t = now) =>
    `t=${t}, v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;
  const deliver = (signature: string) =>
    fetch(nuxtApp.direct(NUXT_WEBHOOK_PATH), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-svc-signature': signature },
      body,
    }).then((answer) => answer.status);
  const standardWebhooksKey = Buffer.from(sandbox.webhookSecret.slice('whsec_'.length), 'base64');

  expect(await deliver(sign('whsec_another')), 'another secret').toBe(400);
  expect(await deliver(sign(standardWebhooksKey)), 'the key Standard Webhooks would decode').toBe(400);
  expect(await deliver(sign(sandbox.webhookSecret, now - 301)), 'signed 301 s ago').toBe(400);
  expect(await deliver(''), 'no signature').toBe(400);
  expect(await nuxtApp.signedEvents(applicationId), 'nothing acted on').toEqual([]);

  expect(await deliver(sign(sandbox.webhookSecret)), 'signed with the whole secret').toBe(200);
  expect(await deliver(sign(sandbox.webhookSecret)), 'the same event again').toBe(200);
  expect(await nuxtApp.signedEvents(applicationId), 'acted on once').toEqual([eventId]);
});

test('what the docs warn of: a cached route (swr) serves what useFetch got on the server in a _payload.json to anyone', async ({
  sandbox,
  nuxtApp,
}) => {
  const applicationId = crypto.randomUUID();
  const page = nuxtApp.url(`/cached/${applicationId}`);
  const get = (url: string, headers: Record<string, string> = {}) =>
    requestLoopback({ url, headers, ca: sandbox.cert });
  const html = await get(page, { cookie: `signer=${applicationId}` });
  expect(html.status).toBe(200);
  const payload = /data-src="([^"]+_payload\.json[^"]*)"/.exec(html.body)?.[1];
  expect(payload, "the page's data moved out of the HTML into a _payload.json").toBeDefined();
  const [token] = nuxtApp.issuedTokens(applicationId);
  expect(html.body, 'not in the HTML itself').not.toContain(token);

  const answer = await get(nuxtApp.url(payload!)); // another visitor: no session at all
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control'], 'for every cache on the way').toMatch(/s-maxage=/);
  expect(answer.body, 'the token, to anyone').toContain(token);
});
