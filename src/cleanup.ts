export interface Cleanup {
  /** Registers the undo of a resource right where it is acquired. */
  add(task: () => void): void;
  /** Runs every registered task once, newest first; later calls do nothing until new tasks are added. */
  run(): void;
}

export function createCleanup(): Cleanup {
  let tasks: Array<() => void> = [];
  return {
    add(task) {
      tasks.push(task);
    },
    run() {
      const pending = tasks;
      tasks = [];
      for (let i = pending.length - 1; i >= 0; i--) {
        try {
          pending[i]();
        } catch {
          // One failing undo must not stop the others: teardown always finishes.
        }
      }
    },
  };
}
