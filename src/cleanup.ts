export interface Cleanup {
  /** Registers the undo of a resource right where it is acquired. */
  add(task: () => void): void;
  /** Runs every registered task once, newest first; later calls do nothing until new tasks are added. @internal */
  run(): void;
}

export function createCleanup(): Cleanup {
  const tasks: Array<() => void> = [];
  return {
    add(task) {
      tasks.push(task);
    },
    run() {
      // splice(0) empties the list first: a task added while these run waits for the next run().
      for (const task of tasks.splice(0).reverse()) {
        try {
          task();
        } catch {
          // One failing undo must not stop the others: teardown always finishes.
        }
      }
    },
  };
}

/** Adds an event listener and registers its removal with `cleanup`. */
export function listen<E extends Event>(
  cleanup: Cleanup,
  target: EventTarget,
  type: string,
  handler: (event: E) => void,
): void {
  target.addEventListener(type, handler as EventListener);
  cleanup.add(() => target.removeEventListener(type, handler as EventListener));
}
