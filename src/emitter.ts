import mitt from 'mitt';
import type { AttemptIds } from './attempt-ids';
import { configError } from './errors';
import type { Logger } from './logger';
import { typeName } from './values';
import type { ContractEventMap, ContractEventName, ContractEventPayload } from './types';

type Handler = (payload: never) => void;
/** What mitt stores: a wrapper around the partner's handler that remembers it. */
type Stored = ((payload: unknown) => void) & { handler: Handler };
/** What an event carries beyond contractId and the attempt's ids: a step, an error, declined's reason. */
export type EventExtra<E extends ContractEventName> = Omit<ContractEventMap[E], keyof ContractEventPayload>;

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
 * handler. Every payload is made here (emit), the same way for every event.
 */
export function createEmitter(contractId: string | undefined, ids: AttemptIds, log: Logger) {
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
    /**
     * The payload: contractId, the running attempt's ids (no sessionId key before ready, as no reason key in
     * declined without one) and `extra`, frozen so that no handler changes what the next one sees.
     */
    emit<E extends ContractEventName>(type: E, extra?: EventExtra<E>): void {
      const payload = Object.freeze({ contractId, ...ids.payloadIds(), ...extra }) as ContractEventMap[E];
      log('event', type, payload);
      bus.emit(type, payload);
    },
    clear: () => bus.all.clear(),
  };
}

/** The instance's events: its partner's handlers (on, once, off, clear), called with each payload (emit). */
export type Emitter = ReturnType<typeof createEmitter>;

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
