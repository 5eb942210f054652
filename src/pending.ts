/**
 * The promise that open() and prepare() return for one attempt, with its resolve: settled by contract.ready,
 * contract.error, close() or destroy(), whichever comes first (a later settle changes nothing).
 */
export interface Pending {
  promise: Promise<void>; // shortened by the build (lib/mangled-properties.mjs)
  settle(): void; // shortened by the build
}

export function createPending(): Pending {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}
