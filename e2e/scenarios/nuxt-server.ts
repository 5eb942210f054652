// What the Nuxt scenarios and checks read from the app's server without a browser: the signing page as a cache
// would fetch it (with the signer's session), and the events the docs' webhook route verified.
import { requestLoopback } from '../../lib/loopback-client.mjs';
import { expect, type Sandbox } from '../support/fixtures';
import type { NuxtApp } from '../support/nuxt-app';

/** A signing page's HTML as the server renders it for the signer: the element and the page's __NUXT_DATA__. */
export async function serverPage(
  app: NuxtApp,
  applicationId: string,
  sandbox: Sandbox,
  page = '/sign',
): Promise<string> {
  const url = app.url(`/apply/${applicationId}${page}`);
  const answer = await requestLoopback({ url, headers: { cookie: `signer=${applicationId}` }, ca: sandbox.cert });
  expect(answer.status, `GET ${url}`).toBe(200);
  expect(answer.body, 'the server rendered the element').toContain(
    '<svc-contract-signing token-url="/api/signing-token"',
  );
  expect(answer.body, "Nuxt's hydration data").toContain('id="__NUXT_DATA__"');
  return answer.body;
}

/** The ids of the `application.contract.signed` events the docs' webhook route verified for an application. */
export async function webhookEventsOf(app: NuxtApp, applicationId: string): Promise<string[]> {
  const answer = await fetch(app.direct(`/api/applications/${applicationId}/signed-events`));
  return ((await answer.json()) as { events: string[] }).events;
}
