// What of the app's funnel messages reaches the partner (docs/protocol.md §6.4): each step name once per attempt,
// at most MAX_STEPS of them, and contract.activity at most once per ACTIVITY_INTERVAL_MS.

/** contract.step names per attempt at most: a real flow has a handful; a flooding app is cut off. */
const MAX_STEPS = 100;
/** contract.activity at most this often per instance, however often the app reports activity. */
const ACTIVITY_INTERVAL_MS = 30_000;

/**
 * One attempt's step filter: true the first time a name arrives (a reloaded app sends its step again), false
 * for a repeat or past the limit (dropped silently).
 */
export function createStepFilter(): (name: string) => boolean {
  const seen = new Set<string>();
  return (name) => {
    if (seen.size >= MAX_STEPS || seen.has(name)) return false;
    seen.add(name);
    return true;
  };
}

/** One instance's activity throttle: true for the first report, then at most once per interval (monotonic clock). */
export function createActivityThrottle(): (now: number) => boolean {
  let quietUntil = -Infinity;
  return (now) => {
    if (now < quietUntil) return false;
    quietUntil = now + ACTIVITY_INTERVAL_MS;
    return true;
  };
}
