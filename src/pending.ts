/**
 * The promise that open() and prepare() return for one attempt, with its resolve: settled by contract.ready,
 * contract.error, close() or destroy(), whichever comes first (a later settle changes nothing).
 */
export interface Pending {
  /** @internal */
  promise: Promise<void>;
  /** @internal */
  settle(): void;
}

export function createPending(): Pending {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}
