#!/usr/bin/env node
// npm run release:rollback -- --dest <directory | s3://bucket/prefix> --to <version> [--dry-run] ...
// See docs/release.md. Exit codes: 0 done (or nothing to do), 1 failed, 2 usage error.
import { ROLLBACK_USAGE, parseRollbackArgs } from './release/args.mjs';
import { reportFailure, UsageError } from './release/report.mjs';
import { runRollback } from './release/run-rollback.mjs';

try {
  const args = parseRollbackArgs(process.argv.slice(2));
  if (args.help) {
    console.log(ROLLBACK_USAGE);
  } else {
    await runRollback(args);
  }
} catch (error) {
  process.exitCode = reportFailure(error);
  if (error instanceof UsageError) console.error(`\n${ROLLBACK_USAGE}`);
}
