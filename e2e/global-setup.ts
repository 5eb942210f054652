// Makes the sandbox certificate once, before the workers start, so parallel workers only ever read it.
import { ensureCertificate } from '../lib/certs.mjs';
import { CERT_DIR } from '../lib/repo-paths.mjs';

export default async function globalSetup(): Promise<void> {
  await ensureCertificate({ dir: CERT_DIR, hostNames: [] });
}
