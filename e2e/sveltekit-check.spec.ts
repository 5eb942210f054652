// The SvelteKit app (support/sveltekit-app.ts) without a browser, once per run (Chromium's project): svelte-check
// passes on it, and the docs' token route answers as the token route's checklist says.
import { requestLoopback } from '../lib/loopback-client.mjs';
import { expect } from './support/fixtures';
import { svelteCheck, sveltekitAppBuild } from './support/sveltekit-app';
import { sveltekitTest as test } from './support/app-fixtures';

test('svelte-check passes on the app built from the docs: no error, no warning', async () => {
  test.setTimeout(300_000); // svelte-check reads Svelte's and SvelteKit's types: a minute on two loaded cores
  expect(await svelteCheck(await sveltekitAppBuild())).toBe('');
});

test("the docs' token route, as the token route's checklist says: 401 without a session, 403 for another's application or without the element's header, 502 when the contracts call fails; else { signingToken }, no-store", async ({
  sandbox,
  sveltekitApp,
}) => {
  const post = (applicationId: string, headers: Record<string, string>) => {
    const url = sveltekitApp.url(`/apply/${applicationId}/sign/token`);
    return requestLoopback({
      url,
      method: 'POST',
      headers: { origin: new URL(url).origin, ...headers },
      ca: sandbox.cert,
    });
  };
  const applicationId = crypto.randomUUID();
  const session = { cookie: `signer=${applicationId}` };
  const element = { 'x-requested-with': 'contracts-sdk' };

  expect((await post(applicationId, element)).status, 'no session').toBe(401);
  const another = await post(applicationId, { cookie: `signer=${crypto.randomUUID()}`, ...element });
  expect(another.status, "another's session").toBe(403);
  expect((await post(applicationId, session)).status, "not the element's request").toBe(403);
  expect(sveltekitApp.issuedTokens(applicationId), 'no token fetched for a refused request').toEqual([]);
  // The sandbox's contracts endpoint answers 404 to an id that is not a UUID: the route answers 502, no body of it.
  const failed = await post('loan-42', { cookie: 'signer=loan-42', ...element });
  expect([failed.status, failed.body.includes('sbx_')], 'the contracts call failed').toEqual([502, false]);

  const answer = await post(applicationId, { ...session, ...element });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(answer.body)).toEqual({ signingToken: sveltekitApp.issuedTokens(applicationId)[0] });
});
