// Drives SvcContracts on a host page through Host.evaluate (script evaluation by the driver is exempt from the
// page's CSP in every engine, so the hardened page needs no script of its own) and records every event in one
// ordered list. Works with every engine's Host.
import { expect } from '@playwright/test';
import type { Host } from './host';

export const SDK_EVENTS = ['contract.loading', 'contract.loaded', 'contract.ready', 'contract.completed', 'contract.error'];
export const SIGN_BUTTON = 'Sign contract';

export interface Recorded {
  id: string;
  event: string;
  payload?: Record<string, unknown>;
  at: number;
}

/** The selector of the signing frame inside a container. */
export function frameIn(containerId: string): string {
  return `#${containerId} iframe`;
}

/** Creates an instance `id` on `containerId` and records its events (and open() outcomes) on the page. */
export async function createInstance(host: Host, id: string, containerId: string, config: Record<string, unknown>): Promise<void> {
  await host.evaluate(
    ({ id, containerId, config, names }) => {
      const w = window as unknown as { __rec?: { log: unknown[]; instances: Record<string, any> }; SvcSDK: any };
      const rec = (w.__rec ??= { log: [], instances: {} });
      const instance = new w.SvcSDK.SvcContracts(containerId, config);
      for (const name of names) {
        instance.on(name, (payload: unknown) => rec.log.push({ id, event: name, payload, at: performance.now() }));
      }
      rec.instances[id] = instance;
    },
    { id, containerId, config, names: SDK_EVENTS },
  );
}

/**
 * Calls open() without awaiting it; its outcome is recorded as `open.resolved` / `open.rejected`, and the
 * moment of the call (the start of loadTimeout) as openedAt(host, id).
 */
export async function open(host: Host, id: string): Promise<void> {
  await host.evaluate((id) => {
    const rec = (window as any).__rec;
    (rec.openedAt ??= {})[id] = performance.now();
    rec.instances[id].open().then(
      () => rec.log.push({ id, event: 'open.resolved', at: performance.now() }),
      (error: Error) => rec.log.push({ id, event: 'open.rejected', payload: { name: error.name, message: error.message }, at: performance.now() }),
    );
  }, id);
}

/** Calls `method` (close, destroy) on instance `id`. */
export async function call(host: Host, id: string, method: 'close' | 'destroy'): Promise<void> {
  await host.evaluate(({ id, method }) => void (window as any).__rec.instances[id][method](), { id, method });
}

/** performance.now() on the page when open() was last called on instance `id`. */
export async function openedAt(host: Host, id: string): Promise<number> {
  return host.evaluate((id) => (window as any).__rec.openedAt[id] as number, id);
}

export async function recorded(host: Host, id?: string): Promise<Recorded[]> {
  const log: Recorded[] = await host.evaluate(() => (window as any).__rec?.log ?? []);
  return id === undefined ? log : log.filter((entry) => entry.id === id);
}

/** Event names of instance `id`, in order. */
export async function names(host: Host, id: string): Promise<string[]> {
  return (await recorded(host, id)).map((entry) => entry.event);
}

/**
 * Waits until instance `id` has recorded `event` (`count` times). The wait runs in the page, so it ends within
 * a few milliseconds of the event at the cost of one driver round trip (each costs tens to hundreds of ms in
 * Firefox and WebKit).
 */
export async function waitFor(host: Host, id: string, event: string, count = 1, timeout = 10_000): Promise<void> {
  const seen = await host.evaluate(
    ({ id, event, count, timeout }) =>
      new Promise<number>((resolve) => {
        const deadline = performance.now() + timeout;
        const check = () => {
          const log: Array<{ id: string; event: string }> = (window as any).__rec?.log ?? [];
          const n = log.filter((entry) => entry.id === id && entry.event === event).length;
          if (n >= count || performance.now() >= deadline) resolve(n);
          else setTimeout(check, 10);
        };
        check();
      }),
    { id, event, count, timeout },
  );
  expect(seen, `${id}: ${event} within ${timeout} ms`).toBeGreaterThanOrEqual(count);
}

export async function frameCount(host: Host, containerId: string): Promise<number> {
  return host.evaluate((selector) => document.querySelectorAll(selector).length, frameIn(containerId));
}

/** The visible text of the signing frame in a container. */
export function frameText(host: Host, containerId: string): Promise<string> {
  return host.evaluateInFrame(frameIn(containerId), () => document.body.innerText);
}

/** Waits until the signing frame in a container shows `text` (the frame may still be loading). */
export async function waitForFrameText(host: Host, containerId: string, text: string): Promise<void> {
  await expect
    .poll(() => frameText(host, containerId).catch(() => ''), { message: `#${containerId} frame shows "${text}"`, intervals: [100, 250] })
    .toContain(text);
}

/** The signer clicks "Sign contract" in the signing frame of a container. */
export function sign(host: Host, containerId: string): Promise<void> {
  return host.clickInFrame(frameIn(containerId), SIGN_BUTTON);
}

/** Resolves after `ms`: room for an event that must NOT arrive (an absence has nothing to wait on). */
export function quietFor(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
