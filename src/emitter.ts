import mitt from 'mitt';
import { configError, typeName } from './errors';
import type { ContractEventMap, ContractEventName } from './types';

type Handler = (payload: never) => void;
type Wrapped = (payload: unknown) => void;

const EVENT_NAMES: readonly ContractEventName[] = [
  'contract.loading',
  'contract.loaded',
  'contract.ready',
  'contract.completed',
  'contract.error',
];

/**
 * mitt, with three guarantees partners rely on: a handler that throws cannot break the SDK or the other
 * handlers (the error is re-thrown asynchronously, so it still shows in the console and window.onerror);
 * a handler added twice for one event runs once; off() also removes a once() handler.
 */
export function createEmitter() {
  const bus = mitt<Record<ContractEventName, unknown>>();
  const wrappers = new Map<ContractEventName, Map<Handler, Wrapped>>();

  function check(method: string, type: unknown, handler: unknown): asserts type is ContractEventName {
    if (!EVENT_NAMES.includes(type as ContractEventName)) {
      throw configError(`${method}(): unknown event "${String(type).slice(0, 60)}". Events: ${EVENT_NAMES.join(', ')}.`);
    }
    if (typeof handler !== 'function') {
      throw configError(`${method}(): handler must be a function, got ${typeName(handler)}.`);
    }
  }

  function add(method: string, type: ContractEventName, handler: Handler, once: boolean): void {
    check(method, type, handler);
    remove(type, handler);
    const wrapped: Wrapped = (payload) => {
      if (once) remove(type, handler);
      try {
        (handler as (payload: unknown) => void)(payload);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    };
    let byHandler = wrappers.get(type);
    if (!byHandler) wrappers.set(type, (byHandler = new Map()));
    byHandler.set(handler, wrapped);
    bus.on(type, wrapped);
  }

  function remove(type: ContractEventName, handler: Handler): void {
    const wrapped = wrappers.get(type)?.get(handler);
    if (!wrapped) return;
    wrappers.get(type)!.delete(handler);
    bus.off(type, wrapped);
  }

  return {
    on: (type: ContractEventName, handler: Handler) => add('on', type, handler, false),
    once: (type: ContractEventName, handler: Handler) => add('once', type, handler, true),
    off(type: ContractEventName, handler: Handler): void {
      check('off', type, handler);
      remove(type, handler);
    },
    emit<E extends ContractEventName>(type: E, payload: ContractEventMap[E]): void {
      bus.emit(type, payload);
    },
    clear(): void {
      bus.all.clear();
      wrappers.clear();
    },
  };
}

export type Emitter = ReturnType<typeof createEmitter>;
