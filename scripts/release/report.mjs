// Console reporting shared by release and rollback: numbered steps printed as they start, indented details,
// and one error type that carries a fix-it hint so every failure tells the engineer what to do next.

export class ReleaseError extends Error {
  /** @param {string} message what went wrong  @param {string} [hint] how to fix it */
  constructor(message, hint) {
    super(message);
    this.name = 'ReleaseError';
    this.hint = hint;
  }
}

/** Usage mistakes (unknown flag, missing value): exit code 2 and the usage text. */
export class UsageError extends ReleaseError {
  constructor(message) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * @param {(line: string) => void} write  where lines go (console.log by default; tests collect them)
 * @param {number} total  number of steps, for the "[n/total]" prefix
 */
export function createReporter(write = (line) => console.log(line), total = 0) {
  let current = 0;
  return {
    lines: [],
    heading(text) {
      this.emit(text);
    },
    step(title) {
      current += 1;
      this.emit(total ? `[${current}/${total}] ${title}` : title);
    },
    info(text) {
      this.emit(`      ${text}`);
    },
    warn(text) {
      this.emit(`      warning: ${text}`);
    },
    block(text) {
      for (const line of text.split('\n')) this.emit(line);
    },
    emit(line) {
      this.lines.push(line);
      write(line);
    },
  };
}

/** Prints an error the same way for every command and returns the exit code to use. */
export function reportFailure(error, writeError = (line) => console.error(line)) {
  if (error instanceof ReleaseError) {
    writeError(`\nerror: ${error.message}`);
    if (error.hint) writeError(`  fix: ${error.hint}`);
    return error instanceof UsageError ? 2 : 1;
  }
  writeError(`\nerror: unexpected failure: ${error?.stack ? error.stack : error}`);
  return 1;
}

export function formatBytes(count) {
  return count < 1024 ? `${count} B` : `${(count / 1024).toFixed(2)} KiB (${count} B)`;
}
