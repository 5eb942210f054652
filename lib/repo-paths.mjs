// Where things are in a checkout, for every Node entry point (demo sandbox, scripts, tests) wherever it runs from.
import { fileURLToPath } from 'node:url';

/** The repository root, with a trailing slash. */
export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The build output (`npm run build`): dist/packages/** for the CDN, dist/npm/** for the registry. */
export const DIST_DIR = `${REPO_ROOT}dist`;
/** The sandbox's self-signed certificate, made on first use and git-ignored (lib/certs.mjs). */
export const CERT_DIR = `${REPO_ROOT}.cache/certs`;
