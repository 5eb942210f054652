/** Prefix of every message the SDK throws or logs, so partners can find ours in a busy console. */
export const PREFIX = '[contracts-sdk] ';

/**
 * A wrong argument or option, thrown at once, before anything changed: by the constructor (options, container),
 * update(), on/once/off (event name, handler), and the npm loader (loadSvcSDK()'s options, the element's token
 * attributes and token-url).
 */
export function configError(message: string): TypeError {
  return new TypeError(PREFIX + message);
}

/** A call the instance's state does not allow (after destroy(), or with a detached container). */
export function misuseError(message: string): Error {
  return new Error(PREFIX + message);
}

/** open(), prepare(), on(), once() or update() after destroy(); close(), focus() and off() do nothing then. */
export const afterDestroyError = (method: string): Error =>
  misuseError(`${method}() after destroy(): create a new SvcContracts.`);

/** open() or prepare() while the container is not in the document. */
export const detachedError = (method: string): Error =>
  misuseError(`${method}(): the container is not in the document; attach it first.`);
