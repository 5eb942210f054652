// The SvelteKit app (support/sveltekit-app.ts) without a browser, once per run (Chromium's project): svelte-check
// passes on it (the docs' blocks and contracts-sdk/svelte's typing of the element), and the docs' token route
// answers only the element's request in the signer's own session, never to be cached.
import { requestLoopback } from '../lib/loopback-client.mjs';
import { expect } from './support/fixtures';
import { svelteCheck, sveltekitAppBuild } from './support/sveltekit-app';
import { sveltekitTest as test } from './support/sveltekit-fixture';

test('svelte-check passes on the app built from the docs: no error, no warning', async () => {
  test.setTimeout(300_000); // svelte-check reads Svelte's and SvelteKit's types: a minute on two loaded cores
  expect(await svelteCheck(await sveltekitAppBuild())).toBe('');
});

test("the docs' token route: 403 without the signer's session or the element's header; else { signingToken }, no-store", async ({
  sandbox,
  sveltekitApp,
}) => {
  const applicationId = crypto.randomUUID();
  const url = sveltekitApp.url(`/apply/${applicationId}/sign/token`);
  const post = (headers: Record<string, string>) =>
    requestLoopback({ url, method: 'POST', headers: { origin: new URL(url).origin, ...headers }, ca: sandbox.cert });
  const session = { cookie: `signer=${applicationId}` };
  const element = { 'x-requested-with': 'contracts-sdk' };

  expect((await post(element)).status, 'no session').toBe(403);
  expect((await post({ cookie: `signer=${crypto.randomUUID()}`, ...element })).status, "another's session").toBe(403);
  expect((await post(session)).status, "not the element's request").toBe(403);
  expect(sveltekitApp.issuedTokens(applicationId), 'no token fetched for a refused request').toEqual([]);

  const answer = await post({ ...session, ...element });
  expect(answer.status).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(answer.body)).toEqual({ signingToken: sveltekitApp.issuedTokens(applicationId)[0] });
});
