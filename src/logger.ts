import { PREFIX } from './errors';
import { redact } from './redact';

export type Logger = (step: string, ...details: unknown[]) => void;

const silent: Logger = () => {};

/**
 * The only way the SDK writes to the console. With debug off it prints nothing at all; with debug on every
 * argument goes through redaction, so the signing token cannot reach a log line by any path.
 */
export function createLogger(enabled: boolean, secret: string): Logger {
  if (!enabled) return silent;
  return (step, ...details) => {
    // biome-ignore lint/suspicious/noConsole: the one place the SDK logs (noConsole is on for src/ and loader/).
    console.log(PREFIX + redact(step, secret), ...details.map((detail) => redact(detail, secret)));
  };
}
