// How many examples each property tries, and from which seed. CI runs a fixed seed, so a red run is
// reproducible from its log; a failure prints the seed, the path and the shrunk counterexample (fast-check's
// report), and that counterexample then becomes an ordinary regression test.
//
//   FC_RUNS=2000 npx vitest run test/model       2000 examples per property (the unit suite runs fewer)
//   FC_SEED=123 FC_PATH="7:1:0" npx vitest run test/model   replay one reported failure
//   (the lifecycle model's also needs FC_REPLAY, its printed /*replayPath="..."*/)
//   FC_SEED=random npx vitest run test/model     a new seed each run (printed when it fails)
import type { Parameters } from 'fast-check';

const DEFAULT_SEED = 20261124;

/** A whole number from the environment: positive, or any (a seed fast-check printed may be negative). */
function numberFrom(name: string, anySign = false): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || (!anySign && value <= 0)) {
    throw new Error(`${name} must be a ${anySign ? 'whole number' : 'positive integer'}, got ${JSON.stringify(text)}.`);
  }
  return value;
}

/** fast-check parameters for a property whose unit-suite run tries `defaultRuns` examples. */
export function runs<T>(defaultRuns: number): Parameters<T> {
  // A random seed is a 32-bit integer and may be negative: FC_SEED takes it back as printed.
  const seed =
    process.env.FC_SEED === 'random'
      ? Date.now() ^ (Math.random() * 0x100000000)
      : (numberFrom('FC_SEED', true) ?? DEFAULT_SEED);
  const path = process.env.FC_PATH || undefined;
  const numRuns = numberFrom('FC_RUNS') ?? defaultRuns;
  return { seed, path, numRuns, endOnFailure: path !== undefined };
}

/** Per-test time limit: generous for the default runs, none to speak of for a long FC_RUNS run. */
export const PROPERTY_TIMEOUT_MS = process.env.FC_RUNS ? 24 * 3600_000 : 20_000;

/** The step list's own replay path (fast-check prints it as /*replayPath="..."*\/ after the steps). */
export const COMMANDS_REPLAY_PATH = process.env.FC_REPLAY || undefined;
