// <svc-contract-signing> on a page whose Object.prototype was polluted (as a merge of untrusted JSON does: data,
// not functions): the reflected accessors' descriptors (defined as the module loads) and the events' init read no
// inherited member.
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../loader/element';
import { defineReflectedProperties } from '../../loader/element-attributes';

const proto = Object.prototype as Record<string, unknown>;
const POLLUTED = ['value', 'writable', 'enumerable', 'composed'];

/** Runs `fn` with every POLLUTED key on Object.prototype (happy-dom's and vitest's own code read them too). */
function polluted<T>(fn: () => T): T {
  for (const key of POLLUTED) proto[key] = 'polluted';
  try {
    return fn();
  } finally {
    for (const key of POLLUTED) delete proto[key];
  }
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('a polluted Object.prototype', () => {
  it('the reflected properties are defined as accessors, not listed, working', () => {
    class Reflecting extends HTMLElement {}
    polluted(() => defineReflectedProperties(Reflecting.prototype));
    const descriptor = Object.getOwnPropertyDescriptor(Reflecting.prototype, 'contractId');
    expect(descriptor).toMatchObject({ enumerable: false, configurable: true });
    expect(descriptor && 'value' in descriptor).toBe(false);
    customElements.define('reflecting-element', Reflecting);
    const element = document.createElement('reflecting-element') as Reflecting & { contractId: string | null };
    element.contractId = 'c-1';
    expect(element.getAttribute('contract-id')).toBe('c-1');
  });

  it("the element's events are not composed", async () => {
    const element = document.createElement('svc-contract-signing');
    const seen: Event[] = [];
    element.addEventListener('contract-error', (event) => seen.push(event));
    element.setAttribute('token-url', 'https://elsewhere.example/token');
    document.body.append(element);
    // The misuse is dispatched in a microtask: polluted while it runs (only composed: vitest defines accessors).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    proto.composed = 'polluted';
    try {
      await vi.waitFor(() => expect(seen).toHaveLength(1));
    } finally {
      delete proto.composed;
    }
    expect(seen[0].composed).toBe(false);
  });
});
