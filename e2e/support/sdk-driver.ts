// Drives SvcContracts on a host page through page.evaluate (DevTools evaluation is exempt from the page's
// CSP, so the hardened page needs no script of its own) and records every event in one ordered list.
import type { Frame, FrameLocator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const SDK_EVENTS = ['contract.loading', 'contract.loaded', 'contract.ready', 'contract.completed', 'contract.error'];

export interface Recorded {
  id: string;
  event: string;
  payload?: Record<string, unknown>;
  at: number;
}

/**
 * Creates an instance `id` on `containerId` and records its events (and open() outcomes) on the page.
 * `tokenSequence` (functions cannot cross page.evaluate) makes config.signingToken an async function built in
 * the page that returns these tokens one per call; its calls are counted (see tokenCalls).
 */
export async function createInstance(
  page: Page,
  id: string,
  containerId: string,
  config: Record<string, unknown>,
  tokenSequence?: string[],
): Promise<void> {
  await page.evaluate(
    ({ id, containerId, config, names, tokenSequence }) => {
      const w = window as unknown as { __rec?: { log: unknown[]; instances: Record<string, any>; tokenCalls: Record<string, number> }; SvcSDK: any };
      const rec = (w.__rec ??= { log: [], instances: {}, tokenCalls: {} });
      if (tokenSequence) {
        rec.tokenCalls[id] = 0;
        config.signingToken = async () => {
          const token = tokenSequence[rec.tokenCalls[id]];
          rec.tokenCalls[id] += 1;
          if (token === undefined) throw new Error(`test token function: call ${rec.tokenCalls[id]} has no token`);
          return token;
        };
      }
      const instance = new w.SvcSDK.SvcContracts(containerId, config);
      for (const name of names) {
        instance.on(name, (payload: unknown) => rec.log.push({ id, event: name, payload, at: performance.now() }));
      }
      rec.instances[id] = instance;
    },
    { id, containerId, config, names: SDK_EVENTS, tokenSequence },
  );
}

/** How often instance `id`'s token function (createInstance's tokenSequence) has been called. */
export async function tokenCalls(page: Page, id: string): Promise<number> {
  return page.evaluate((id) => (window as any).__rec.tokenCalls[id], id);
}

/** Calls open() without awaiting it; its outcome is recorded as `open.resolved` / `open.rejected`. */
export async function open(page: Page, id: string): Promise<void> {
  await page.evaluate((id) => {
    const rec = (window as any).__rec;
    rec.instances[id].open().then(
      () => rec.log.push({ id, event: 'open.resolved', at: performance.now() }),
      (error: Error) => rec.log.push({ id, event: 'open.rejected', payload: { name: error.name, message: error.message }, at: performance.now() }),
    );
  }, id);
}

/** Calls `method` (close, destroy, focus) on instance `id`. */
export async function call(page: Page, id: string, method: 'close' | 'destroy' | 'focus'): Promise<void> {
  await page.evaluate(({ id, method }) => (window as any).__rec.instances[id][method](), { id, method });
}

export async function recorded(page: Page, id?: string): Promise<Recorded[]> {
  const log: Recorded[] = await page.evaluate(() => (window as any).__rec?.log ?? []);
  return id === undefined ? log : log.filter((entry) => entry.id === id);
}

/** Event names of instance `id`, in order. */
export async function names(page: Page, id: string): Promise<string[]> {
  return (await recorded(page, id)).map((entry) => entry.event);
}

/** Waits until instance `id` has recorded `event` (`count` times). */
export async function waitFor(page: Page, id: string, event: string, count = 1, timeout = 10_000): Promise<void> {
  await expect
    .poll(async () => (await names(page, id)).filter((name) => name === event).length, { timeout, message: `${id}: ${event}` })
    .toBeGreaterThanOrEqual(count);
}

/** The signing frame inside a container, for clicking "Sign contract". */
export function signingFrame(page: Page, containerId: string): FrameLocator {
  return page.frameLocator(`#${containerId} iframe`);
}

/** The Playwright Frame of the signing app inside a container. */
export async function signingFrameHandle(page: Page, containerId: string): Promise<Frame> {
  const element = await page.locator(`#${containerId} iframe`).elementHandle();
  const frame = await element?.contentFrame();
  if (!frame) throw new Error(`no frame in #${containerId}`);
  return frame;
}

export async function frameCount(page: Page, containerId: string): Promise<number> {
  return page.locator(`#${containerId} iframe`).count();
}
