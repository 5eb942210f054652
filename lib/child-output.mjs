// How a helper process we start says it is ready: a line on one of its streams. nginx, Verdaccio and Xvfb are
// all waited for this way, so a start that fails always names the process and shows what it printed.

/**
 * Resolves with the first match of `pattern` in what `child` has written to `stream` (the text so far, across
 * chunks). Rejects when the child exits or cannot be spawned first, or after `timeoutMs`; the message names
 * `what` and ends with `details()` (e.g. the child's output so far).
 */
export function waitForOutput(child, stream, pattern, { what, timeoutMs, details = () => '' }) {
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = (settle, value) => {
      clearTimeout(timer);
      stream.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      settle(value);
    };
    const onData = (chunk) => {
      text += chunk;
      const match = pattern.exec(text);
      if (match) finish(resolve, match);
    };
    const onExit = (code, signal) =>
      finish(reject, new Error(`${what} exited (${code ?? signal}) before it was ready.\n${details()}`));
    const onError = (error) => finish(reject, new Error(`${what} could not start: ${error.message}\n${details()}`));
    const timer = setTimeout(
      () => finish(reject, new Error(`${what} was not ready after ${timeoutMs} ms.\n${details()}`)),
      timeoutMs,
    );
    stream.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}
