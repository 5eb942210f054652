import type { AttemptIds } from './attempt-ids';
import type { Settings } from './config';
import { PREFIX } from './errors';
import { redact } from './redact';

export type Logger = (step: string, ...details: unknown[]) => void;

const silent: Logger = () => {};

/**
 * The only way the SDK writes to the console. With debug off it prints nothing at all; with debug on every
 * argument goes through redaction, so the signing token cannot reach a log line by any path. Each line starts with
 * the running attempt's id (`ids`: the instance's; none, "-", for a logger of no instance).
 */
export function createLogger(settings: Settings, secret: string, ids?: AttemptIds): Logger {
  if (!settings.debug) return silent;
  return (step, ...details) => {
    // Each line names its attempt (README "Support and tracing"); "-" outside any (the warm frame's, destroy).
    const line = `${ids?.runningId() ?? '-'} ${redact(step, secret)}`;
    // biome-ignore lint/suspicious/noConsole: the one place the SDK logs (noConsole is on for src/ and loader/).
    console.log(PREFIX + line, ...details.map((detail) => redact(detail, secret)));
  };
}
