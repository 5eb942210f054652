import { configError } from './errors';
import { typeName } from './values';
import { redactPieces } from './redact';

/** Containers held by live instances of this copy of the SDK: claimed by the constructor, released by destroy(). */
const heldContainers = new WeakSet<Element>();

/**
 * Resolves the container argument (an element id or an Element) and claims it for one instance.
 * `secrets` (the token) only keep it out of the message if someone passes it as the id by mistake.
 */
export function claimContainer(container: unknown, secrets: readonly string[]): Element {
  let element: Element | null;
  if (typeof container === 'string') {
    element = document.getElementById(container); // '' finds nothing: no element has an empty id
    if (!element) {
      throw configError(
        `no element has id "${redactPieces(container, secrets)}": create it first, or pass the element.`,
      );
    }
  } else if (isElement(container)) {
    element = container;
  } else {
    throw configError(`container must be an element id or an Element, got ${typeName(container)}.`);
  }
  if (heldContainers.has(element)) {
    throw configError('container is in use: destroy() its SvcContracts first, or use another container.');
  }
  heldContainers.add(element);
  return element;
}

/** destroy(): the container is free for another instance. */
export function releaseContainer(container: Element): void {
  heldContainers.delete(container);
}

// nodeType rather than instanceof: an element from another frame of the page is still an element.
function isElement(value: unknown): value is Element {
  return typeof value === 'object' && value !== null && (value as Node).nodeType === 1;
}
