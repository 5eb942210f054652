// Makes the sandbox certificate once, before the workers start, so parallel workers only ever read it.
import { ensureCertificate } from '../demo/server/certs.mjs';
import { DEFAULTS } from '../demo/server/config.mjs';

export default async function globalSetup(): Promise<void> {
  await ensureCertificate({ dir: DEFAULTS.certDir, hostNames: [] });
}
