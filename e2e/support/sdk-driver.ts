// Drives SvcContracts on a host page through Host.evaluate (script evaluation by the driver is exempt from the
// page's CSP in every engine, so the hardened page needs no script of its own) and records every event in one
// ordered list. Works with every engine's Host.
import type { Frame, FrameLocator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { pageHost, type Engine, type Host } from './host';
import type { PageRecorder, RecordedEntry } from './page-globals';

export const SDK_EVENTS = [
  'contract.loading',
  'contract.loaded',
  'contract.ready',
  'contract.completed',
  'contract.error',
];
/** SDK_EVENTS and the 1.2.0 outcome and funnel events: recorded where a test asks for them (createInstance's `events`). */
export const ALL_EVENTS = [
  ...SDK_EVENTS,
  'contract.declined',
  'contract.cancelled',
  'contract.step',
  'contract.activity',
];
export const SIGN_BUTTON = 'Sign contract';

export type { RecordedEntry as Recorded };

/** The selector of the signing frame inside a container. */
export function frameIn(containerId: string): string {
  return `#${containerId} iframe`;
}

/** A Playwright page where a scenario needs one of its own, or any engine's Host. */
export type Target = Host | Page;
const pageHosts = new WeakMap<Page, Host>();

/** The Host of a target: a Playwright-only test may pass its page (one Host per page, its listeners once). */
export function hostOf(target: Target): Host {
  if (!('frameLocator' in target)) return target;
  let host = pageHosts.get(target);
  if (!host) {
    const engine = (target.context().browser()?.browserType().name() ?? 'chromium') as Engine;
    pageHosts.set(target, (host = pageHost(target, engine)));
  }
  return host;
}

/**
 * Creates an instance `id` on `containerId` and records its events (and open() outcomes) on the page. Functions cannot
 * cross into the page: `tokenSequence` makes config.signingToken a function there that returns one per call (tokenCalls).
 */
export async function createInstance(
  target: Target,
  id: string,
  containerId: string,
  config: Record<string, unknown>,
  tokenSequence?: string[],
  events: string[] = SDK_EVENTS,
): Promise<void> {
  await hostOf(target).evaluate(
    ({ id, containerId, config, names, tokenSequence }) => {
      const rec: PageRecorder = (window.__rec ??= { log: [], instances: {}, tokenCalls: {} });
      if (tokenSequence) {
        rec.tokenCalls[id] = 0;
        config.signingToken = async () => {
          const token = tokenSequence[rec.tokenCalls[id]];
          rec.tokenCalls[id] += 1;
          if (token === undefined) throw new Error(`test token function: call ${rec.tokenCalls[id]} has no token`);
          return token;
        };
      }
      // An id inside a shadow root (addShadowContainer) is passed as its element: getElementById cannot see it.
      const inShadow = document.getElementById(containerId)
        ? null
        : document.querySelector('[data-shadow-container]')?.shadowRoot?.getElementById(containerId);
      // Any config: the scenarios also pass wrong ones on purpose.
      const instance = new window.SvcSDK!.SvcContracts(
        inShadow ?? containerId,
        config as unknown as SvcSDK.SvcContractsConfig,
      );
      for (const name of names) {
        instance.on(name as SvcSDK.ContractEventName, (payload) =>
          rec.log.push({ id, event: name, payload, at: performance.now() }),
        );
      }
      rec.instances[id] = instance;
    },
    { id, containerId, config, names: events, tokenSequence },
  );
}

/** How often instance `id`'s token function (createInstance's tokenSequence) has been called. */
export async function tokenCalls(target: Target, id: string): Promise<number> {
  return hostOf(target).evaluate((id) => window.__rec!.tokenCalls[id]!, id);
}

/** Calls open() without awaiting it; records its outcome (`open.resolved` / `open.rejected`) and openedAt(). */
export function open(target: Target, id: string): Promise<void> {
  return start(target, id, 'open');
}

/** Calls open() on instance `ids` (all of them first, so they load side by side), then waits for each one's `until`. */
export async function openAndWait(target: Target, ids: string | string[], until = 'contract.ready'): Promise<void> {
  for (const id of [ids].flat()) await open(target, id);
  for (const id of [ids].flat()) await waitFor(target, id, until);
}

/** Calls prepare() without awaiting it; its outcome is recorded as `prepare.resolved` / `prepare.rejected`. */
export function prepare(target: Target, id: string): Promise<void> {
  return start(target, id, 'prepare');
}

async function start(target: Target, id: string, method: 'open' | 'prepare'): Promise<void> {
  await hostOf(target).evaluate(
    ({ id, method }) => {
      const rec = window.__rec!;
      if (method === 'open') (rec.openedAt ??= {})[id] = performance.now();
      rec.instances[id]![method]().then(
        () => rec.log.push({ id, event: `${method}.resolved`, at: performance.now() }),
        (error: Error) =>
          rec.log.push({
            id,
            event: `${method}.rejected`,
            payload: { name: error.name, message: error.message },
            at: performance.now(),
          }),
      );
    },
    { id, method },
  );
}

/** Calls `method` (close, destroy, focus) on instance `id`. */
export async function call(target: Target, id: string, method: 'close' | 'destroy' | 'focus'): Promise<void> {
  await hostOf(target).evaluate(({ id, method }) => void window.__rec!.instances[id]![method](), { id, method });
}

/** performance.now() on the page when open() was last called on instance `id`. */
export async function openedAt(target: Target, id: string): Promise<number> {
  return hostOf(target).evaluate((id) => window.__rec!.openedAt![id]!, id);
}

export async function recorded(target: Target, id?: string): Promise<RecordedEntry[]> {
  const log = await hostOf(target).evaluate(() => window.__rec?.log ?? []);
  return id === undefined ? log : log.filter((entry) => entry.id === id);
}

/** Instance `id`'s first recorded `event`: its payload and page time (fails when there is none). */
export async function firstEntry(target: Target, id: string, event: string): Promise<RecordedEntry> {
  const entry = (await recorded(target, id)).find((e) => e.event === event);
  expect(entry, `${id} recorded ${event}`).toBeDefined();
  return entry!;
}

/** Event names of instance `id`, in order. */
export async function names(target: Target, id: string): Promise<string[]> {
  return (await recorded(target, id)).map((entry) => entry.event);
}

/**
 * Waits until instance `id` has recorded `event` (`count` times). The wait runs in the page: it ends within a few ms of
 * the event for one driver round trip (tens to hundreds of ms in Firefox and WebKit). A page without the recorder fails
 * at once: the driver is on another window or document, where the event could never be recorded.
 */
export async function waitFor(target: Target, id: string, event: string, count = 1, timeout = 10_000): Promise<void> {
  const seen = await hostOf(target).evaluate(
    ({ id, event, count, timeout }) =>
      new Promise<number | string>((resolve) => {
        const rec = window.__rec;
        // No recorder (another window or document, or no createInstance yet): its address says where the driver is.
        if (!rec) return resolve(location.href);
        const deadline = performance.now() + timeout;
        const check = () => {
          const n = rec.log.filter((entry) => entry.id === id && entry.event === event).length;
          if (n >= count || performance.now() >= deadline) resolve(n);
          else setTimeout(check, 10);
        };
        check();
      }),
    { id, event, count, timeout },
  );
  if (typeof seen === 'string') {
    throw new Error(
      `waitFor(${id}, ${event}): no recorder on ${seen}: not the harness page, or no createInstance on it`,
    );
  }
  expect(seen, `${id}: ${event} within ${timeout} ms`).toBeGreaterThanOrEqual(count);
}

export async function frameCount(target: Target, containerId: string): Promise<number> {
  return hostOf(target).evaluate((selector) => document.querySelectorAll(selector).length, frameIn(containerId));
}

/** The visible text of the signing frame in a container. */
export function frameText(target: Target, containerId: string): Promise<string> {
  return hostOf(target).evaluateInFrame(frameIn(containerId), () => document.body.innerText);
}

/** Waits until the signing frame in a container shows `text` (the frame may still be loading). */
export async function waitForFrameText(target: Target, containerId: string, text: string): Promise<void> {
  await expect
    .poll(() => frameText(target, containerId).catch(() => ''), {
      message: `#${containerId} frame shows "${text}"`,
      intervals: [100, 250],
    })
    .toContain(text);
}

/** The signer clicks "Sign contract" in the signing frame of a container. */
export function sign(target: Target, containerId: string): Promise<void> {
  return hostOf(target).clickInFrame(frameIn(containerId), SIGN_BUTTON);
}

/**
 * The signer signs in `container`'s frame, and instance `id` records contract.completed. `by: 'script'` signs with a
 * script click on the Sign button instead of the driver's click: no pointer, key or scroll reaches the app.
 */
export async function signAndComplete(
  target: Target,
  { container = 'c1', id = 'a', by = 'click' }: { container?: string; id?: string; by?: 'click' | 'script' } = {},
): Promise<void> {
  if (by === 'click') await sign(target, container);
  else
    await hostOf(target).evaluateInFrame(frameIn(container), () =>
      document.querySelector<HTMLButtonElement>('button.sign')!.click(),
    );
  await waitFor(target, id, 'contract.completed');
}

/** Opens `signer` (in `container`) and `failing`, waits for ready and error, then signs: both outcomes on one page. */
export async function signOneFailOther(
  target: Target,
  [signer, container]: [id: string, container: string],
  failing: string,
): Promise<void> {
  await open(target, signer);
  await open(target, failing);
  await waitFor(target, signer, 'contract.ready');
  await waitFor(target, failing, 'contract.error');
  await signAndComplete(target, { container, id: signer });
}

/** Host-page buttons around the signing container, as a partner's page has controls before and after it. */
export async function addHostButtons(target: Target, containerId: string): Promise<void> {
  await hostOf(target).evaluate((containerId) => {
    const container = document.getElementById(containerId)!;
    const button = (id: string, label: string) =>
      Object.assign(document.createElement('button'), { id, type: 'button', textContent: label });
    container.before(button('before', 'Before signing'));
    container.after(button('after', 'After signing'));
  }, containerId);
}

/** A partner's web component `<partner-checkout id=hostId>`: its open shadow root holds #before and #containerId. */
export async function addShadowContainer(target: Target, hostId: string, containerId: string): Promise<void> {
  await hostOf(target).evaluate(
    ({ hostId, containerId }) => {
      const element = Object.assign(document.createElement('partner-checkout'), { id: hostId });
      element.setAttribute('data-shadow-container', '');
      const root = element.attachShadow({ mode: 'open' });
      const button = Object.assign(document.createElement('button'), { id: 'before', type: 'button' });
      button.textContent = 'Before signing';
      const container = Object.assign(document.createElement('div'), { id: containerId });
      root.append(button, container);
      document.querySelector('main')!.append(element);
    },
    { hostId, containerId },
  );
}

/** Where the page's keyboard focus is, looked up through open shadow roots: "frame" for a signing iframe, else the id. */
export function deepFocus(target: Target): Promise<string | undefined> {
  return hostOf(target).evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    return element?.tagName === 'IFRAME' ? 'frame' : element?.id;
  });
}

/** Playwright only: the signing frame inside a container, for locators (roles, labels, keyboard focus). */
export function signingFrame(page: Page, containerId: string): FrameLocator {
  return page.frameLocator(frameIn(containerId));
}

/** Playwright only: the Frame of the signing app inside a container. */
export async function signingFrameHandle(page: Page, containerId: string): Promise<Frame> {
  const frame = await (await page.locator(frameIn(containerId)).elementHandle())?.contentFrame();
  if (!frame) throw new Error(`no frame in #${containerId}`);
  return frame;
}
