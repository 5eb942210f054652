import type { Cleanup } from './cleanup';

// The heartbeat watchdog (docs/protocol.md §6.6): a frozen or crashed app stops beating; the SDK reports it.
export const CHECK_EVERY_MS = 1000;
/** Silent checks in a row after which the SDK sends one confirming `ping` (more than 5: at least 5 s). */
export const PING_AFTER_CHECKS = 5;
/** Silent checks in a row that end the attempt with `app_unresponsive` (more than 10: at least 10 s). */
export const UNRESPONSIVE_AFTER_CHECKS = 10;

/**
 * Starts at the app's first beat and returns the function each beat calls. A check once a second counts as silent
 * only while `watching()` (ready and shown), the page is visible and this page's own timers run on time: a check
 * more than a second late means the page was hidden, frozen, kept in the back/forward cache or busy with a long
 * task, when the app's beats could not arrive either, so the count starts again. Time is counted in on-time checks
 * since the last beat received, never by the clock alone.
 */
export function createWatchdog(
  cleanup: Cleanup,
  watching: () => boolean,
  ping: () => void,
  onUnresponsive: () => void,
): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  // 0 at first: the first check counts as late, so it starts the count.
  let lastCheck = 0;
  let silentChecks = 0;
  const check = () => {
    const now = performance.now();
    const late = now - lastCheck > 2 * CHECK_EVERY_MS;
    lastCheck = now;
    silentChecks = late || !watching() || document.hidden ? 0 : silentChecks + 1;
    // The first silent check may come just after a beat: one more than the seconds to wait.
    if (silentChecks === PING_AFTER_CHECKS + 1) ping();
    // Ending the attempt runs `cleanup`, which stops the checks.
    if (silentChecks > UNRESPONSIVE_AFTER_CHECKS) onUnresponsive();
  };
  cleanup.add(() => clearInterval(timer));
  return () => {
    silentChecks = 0;
    if (timer === undefined) timer = setInterval(check, CHECK_EVERY_MS);
  };
}
