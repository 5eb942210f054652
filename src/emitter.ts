import mitt from 'mitt';
import { configError } from './errors';
import { typeName } from './values';
import type { ContractEventMap, ContractEventName } from './types';

type Handler = (payload: never) => void;
/** What mitt stores: a wrapper around the partner's handler that remembers it. */
type Stored = ((payload: unknown) => void) & { handler: Handler };

export const EVENT_NAMES: readonly ContractEventName[] = [
  'contract.loading',
  'contract.loaded',
  'contract.ready',
  'contract.completed',
  'contract.error',
  'contract.declined',
  'contract.cancelled',
  'contract.step',
  'contract.activity',
];

/**
 * mitt holds and calls the handlers (over a copy of the list, so adding or removing one during an emit changes
 * nothing for that emit). Each is stored in a wrapper, for three guarantees partners rely on: a handler that
 * throws cannot break the SDK or the other handlers (its error is re-thrown asynchronously, so it still reaches
 * the console and window.onerror); a handler added twice for one event runs once; off() also removes a once()
 * handler.
 */
export function createEmitter() {
  const bus = mitt<Record<ContractEventName, unknown>>();
  const stored = (type: ContractEventName, handler: Handler): Stored | undefined =>
    (bus.all.get(type) as Stored[] | undefined)?.find((entry) => entry.handler === handler);

  function add(method: string, type: ContractEventName, handler: Handler, once: boolean): void {
    checkSubscription(method, type, handler);
    if (stored(type, handler)) return;
    const entry: Stored = (payload) => {
      if (once) bus.off(type, entry);
      try {
        (handler as (payload: unknown) => void)(payload);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    };
    entry.handler = handler;
    bus.on(type, entry);
  }

  return {
    on: (type: ContractEventName, handler: Handler) => add('on', type, handler, false),
    once: (type: ContractEventName, handler: Handler) => add('once', type, handler, true),
    off(type: ContractEventName, handler: Handler): void {
      checkSubscription('off', type, handler);
      const entry = stored(type, handler);
      if (entry) bus.off(type, entry);
    },
    emit: <E extends ContractEventName>(type: E, payload: ContractEventMap[E]): void => bus.emit(type, payload),
    clear: () => bus.all.clear(),
  };
}

/** The arguments of on(), once() and off(): a known event name and a function, or a clear error. */
function checkSubscription(method: string, type: unknown, handler: unknown): asserts type is ContractEventName {
  if (!EVENT_NAMES.includes(type as ContractEventName)) {
    // The list, not the value passed: that could be anything, the token by mistake included (1.2.0: the bytes
    // of an echo that told event names from tokens went to prepare(), docs/decisions.md #26).
    throw configError(`${method}(): unknown event. Events: ${EVENT_NAMES.join(', ')}.`);
  }
  if (typeof handler !== 'function') {
    throw configError(`${method}(): handler must be a function, got ${typeName(handler)}.`);
  }
}
