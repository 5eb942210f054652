// Nuxt's data helpers as its server runs them (emulated: the real Nuxt app is e2e/nuxt.spec.ts's): `useFetch`, `useAsyncData` and
// `useState` keep what they return in the payload, which Nuxt serialises into the page (`__NUXT_DATA__`) for
// hydration; `$fetch` and `fetch` reach the partner's token route, which answers the token. A component that gets the
// token through them on the server puts it into that payload; one that asks for it in the browser does not.
import { ref } from 'vue';
import { vi } from 'vitest';

/** Installs the helpers as globals (Nuxt auto-imports them); returns the payload as the page would carry it. */
export function nuxtServer(token: string): { hydrationData: () => string; tokenRequests: () => number } {
  const payload = { data: {} as Record<string, unknown>, state: {} as Record<string, unknown> };
  let tokenRequests = 0;
  const answer = () => {
    tokenRequests++;
    return { signingToken: token };
  };
  const $fetch = async () => answer();
  const keptInPayload = async (key: string, handler: () => Promise<unknown>) => {
    payload.data[key] = await handler();
    return { data: ref(payload.data[key]) };
  };
  vi.stubGlobal('$fetch', $fetch);
  vi.stubGlobal('fetch', async () => Response.json(answer()));
  vi.stubGlobal('useAsyncData', keptInPayload);
  vi.stubGlobal('useFetch', (url: string) => keptInPayload(url, $fetch));
  // The rest of what the docs' Nuxt page uses, as on a production server: no sandbox addresses, a signing route.
  vi.stubGlobal('useRuntimeConfig', () => ({ public: { signingCdnUrl: '', signingAppUrl: '' } }));
  vi.stubGlobal('useRoute', () => ({ params: { id: '3fa85f64-5717-4562-b3fc-2c963f66afa6' } }));
  vi.stubGlobal('navigateTo', async () => {});
  vi.stubGlobal('useState', (key: string, init: () => unknown) => {
    payload.state[`$s${key}`] ??= init();
    return ref(payload.state[`$s${key}`]);
  });
  return { hydrationData: () => JSON.stringify(payload), tokenRequests: () => tokenRequests };
}
