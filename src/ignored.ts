import type { Logger } from './logger';

/** Logs that a message was ignored and why (docs/protocol.md §4.2). */
export type IgnoredLog = (what: string, from: string) => void;

/**
 * One debug line per kind of ignored message and sender, per attempt: a frame that floods the page with
 * messages cannot fill the console. `from` is an origin (never secret); the logger redacts the token anyway.
 */
export function createIgnoredLog(log: Logger): IgnoredLog {
  const seen = new Set<string>();
  return (what, from) => {
    const key = `${what} ${from}`;
    if (!seen.has(key)) log(`ignored ${what}`, from);
    seen.add(key);
  };
}
