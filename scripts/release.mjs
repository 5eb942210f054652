#!/usr/bin/env node
// npm run release -- --dest <directory | s3://bucket/prefix> [--npm-registry <url>] [--allow-dirty] [--dry-run] ...
// See docs/release.md. Exit codes: 0 released (or nothing to do), 1 failed, 2 usage error.
import { RELEASE_USAGE, parseReleaseArgs } from './release/args.mjs';
import { reportFailure, UsageError } from './release/report.mjs';
import { runRelease } from './release/run-release.mjs';

try {
  const args = parseReleaseArgs(process.argv.slice(2));
  if (args.help) {
    console.log(RELEASE_USAGE);
  } else {
    await runRelease(args);
  }
} catch (error) {
  process.exitCode = reportFailure(error);
  if (error instanceof UsageError) console.error(`\n${RELEASE_USAGE}`);
}
