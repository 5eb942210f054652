// Makes the sandbox certificate once, before the workers start, so parallel workers only ever read it; and says
// when the SDK build under test is not a build of the sources as they are (lib/build-stamp.mjs, as `npm run demo`).
import { resolve } from 'node:path';
import { buildState } from '../lib/build-stamp.mjs';
import { ensureCertificate } from '../lib/certs.mjs';
import { CERT_DIR, DIST_DIR, REPO_ROOT } from '../lib/repo-paths.mjs';

export default async function globalSetup(): Promise<void> {
  await ensureCertificate({ dir: CERT_DIR, hostNames: [] });
  const outDir = process.env.SDK_OUT_DIR ? resolve(process.env.SDK_OUT_DIR) : DIST_DIR;
  const build = buildState(REPO_ROOT, outDir);
  // A warning, not a failure: a run may mean to test a build it made on purpose (the bench's, a release's).
  if (!build.current) console.warn(`e2e: ${outDir} may be stale (${build.reason}): run \`npm run build\` first.`);
}
