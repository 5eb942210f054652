// Regenerates docs/protocol.md's message tables from src/protocol-table.ts (`npm run docs:protocol`); with
// `--check`, writes nothing and exits 1 when the committed tables differ (test/docs/protocol-table.test.ts checks the
// same in `npm test`). Vite's module runner loads the TypeScript table with the build's constants, as Vitest does.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { buildConstants } from '../lib/build-constants.mjs';
import { DOC, REGENERATE, regenerate } from '../lib/protocol-docs.mjs';
import { REPO_ROOT as ROOT } from '../lib/repo-paths.mjs';

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const { module: protocol } = await runnerImport(join(ROOT, 'src/protocol-table.ts'), {
  configFile: false,
  logLevel: 'silent',
  define: buildConstants(version, {}),
});
const file = join(ROOT, DOC);
const committed = readFileSync(file, 'utf8');
const generated = regenerate(committed, protocol);
if (process.argv.includes('--check')) {
  if (generated !== committed) {
    console.error(`${DOC}: the message tables differ from src/protocol-table.ts; run \`${REGENERATE}\``);
    process.exit(1);
  }
} else if (generated !== committed) {
  writeFileSync(file, generated);
  console.log(`${DOC}: message tables regenerated from src/protocol-table.ts`);
} else {
  console.log(`${DOC}: message tables up to date`);
}
