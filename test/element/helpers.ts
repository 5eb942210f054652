// <svc-contract-signing> in happy-dom with the real SvcContracts (already on the page: loadSvcSDK() resolves it)
// and the fake signing app (test/unit/fake-app.ts). Counts every SvcContracts ever constructed and its config.
import { beforeEach, vi } from 'vitest';
import { KNOWN_ERROR_CODES, SDK_VERSION, SvcContracts } from '../../src';
import '../../loader/element';
import type { SvcContractSigning } from '../../loader/element';
import { APP_URL, TOKEN, microtasksDone } from '../unit/fake-app';

export const created: Array<{ instance: SvcContracts; config: Record<string, unknown> }> = [];

beforeEach(() => {
  created.length = 0;
  class Counted extends SvcContracts {
    constructor(container: Element, config: Record<string, unknown>) {
      super(container, config as never);
      created.push({ instance: this, config });
    }
  }
  vi.stubGlobal('SvcSDK', { SvcContracts: Counted, KNOWN_ERROR_CODES, SDK_VERSION });
});

/** A new element with the sandbox's app-url (not in the document yet). */
export function makeElement(attributes: Record<string, string> = {}): SvcContractSigning {
  const element = document.createElement('svc-contract-signing');
  element.setAttribute('app-url', APP_URL);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** In the document with the test token, its session started (the microtask check and the SDK's load ran). */
export async function connected(attributes: Record<string, string> = {}): Promise<SvcContractSigning> {
  const element = makeElement(attributes);
  element.signingToken = TOKEN;
  document.body.append(element);
  await settled();
  return element;
}

/** Every queued microtask and promise chain has run: the element's check, loadSvcSDK(), open(). */
export const settled = microtasksDone;

/**
 * The contract-error the element dispatches for the SDK's own loading_error, as events() records it (the c-1
 * element of these tests). `attemptId`: "-" when no attempt started (the element's own misuse).
 */
export function sdkLoadingError(attemptId: unknown, message: unknown): [string, unknown] {
  return ['contract-error', { contractId: 'c-1', attemptId, code: 'loading_error', source: 'sdk', message }];
}

/** Every DOM event of the element, in order, with its detail. */
export function events(element: HTMLElement, names: readonly string[]) {
  const seen: Array<[string, unknown]> = [];
  for (const name of names) element.addEventListener(name, (event) => seen.push([name, (event as CustomEvent).detail]));
  return seen;
}
