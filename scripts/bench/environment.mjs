// The three sites of the benchmark on loopback: partner.test (host pages, bench server), cdn.test (the
// sandbox CDN, serving our UMD and penpal's build from one folder with identical headers) and sign.test (the
// contenders' child pages on the bench server; the sandbox's own signing app on its own port).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureCertificate } from '../../lib/certs.mjs';
import { CERT_DIR, DIST_DIR, REPO_ROOT } from '../../lib/repo-paths.mjs';
import { sriOf } from '../../lib/bundle.mjs';
import { startSandboxProcess } from '../../lib/sandbox-process.mjs';
import { startBenchServer } from './server.mjs';

export const HOSTS = { partner: 'partner.test', cdn: 'cdn.test', signing: 'sign.test' };

/**
 * The build the bench measures: SDK_OUT_DIR when set (as `npm run build` writes there too, so
 * `SDK_OUT_DIR=/tmp/x npm run bench` builds and measures a private copy and leaves dist/ alone), else dist/.
 */
export const BENCH_DIST_DIR = process.env.SDK_OUT_DIR ? resolve(process.env.SDK_OUT_DIR) : DIST_DIR;
const PENPAL = { name: 'penpal', file: join(REPO_ROOT, 'node_modules', 'penpal', 'dist', 'penpal.min.js') };

function packageVersion(dir) {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}

function hostAndPort(origin) {
  const url = new URL(origin);
  return { origin, host: url.hostname, port: Number(url.port) };
}

/** Starts everything; `close()` stops it and removes the temporary CDN folder. */
export async function startEnvironment() {
  const sdkVersion = packageVersion(REPO_ROOT);
  const penpalVersion = packageVersion(join(REPO_ROOT, 'node_modules', 'penpal'));
  const sdkFile = join(BENCH_DIST_DIR, 'packages', 'contracts-sdk', sdkVersion, 'index.umd.js');

  // The CDN folder: the built SDK exactly as dist/ holds it, and penpal's minified build beside it.
  const cdnDir = mkdtempSync(join(tmpdir(), 'contracts-bench-cdn-'));
  cpSync(
    join(BENCH_DIST_DIR, 'packages', 'contracts-sdk', sdkVersion),
    join(cdnDir, 'packages', 'contracts-sdk', sdkVersion),
    { recursive: true },
  );
  cpSync(PENPAL.file, join(cdnDir, 'packages', 'penpal', penpalVersion, 'penpal.min.js'));

  const tls = await ensureCertificate({ dir: CERT_DIR, hostNames: Object.values(HOSTS) });
  const bench = await startBenchServer({ tls, hosts: HOSTS, penpalFile: PENPAL.file });
  let sandbox;
  try {
    // `npm run demo`'s sandbox in its own process, as a partner runs it; free ports, the bench's host names.
    sandbox = await startSandboxProcess({
      hosts: HOSTS,
      distDir: cdnDir,
      extraPartnerOrigins: [bench.origins.partner],
    });
  } catch (error) {
    await bench.close();
    rmSync(cdnDir, { recursive: true, force: true });
    throw error;
  }
  const scripts = {
    sdk: { url: sandbox.urls.sdkPinned, integrity: sriOf(readFileSync(sdkFile)), file: sdkFile, version: sdkVersion },
    penpal: {
      url: `${sandbox.origins.cdn}/packages/penpal/${penpalVersion}/penpal.min.js`,
      integrity: sriOf(readFileSync(PENPAL.file)),
      file: PENPAL.file,
      version: penpalVersion,
    },
  };
  bench.configure({ cdnOrigin: sandbox.origins.cdn, sandboxSigningOrigin: sandbox.origins.signing, scripts });

  return {
    urls: {
      host: `${bench.origins.partner}/host.html`,
      scriptCost: `${bench.origins.partner}/script-cost.html`,
      latency: `${bench.origins.partner}/latency.html`,
      // The SDK loads `<appUrl>/embed`: the bench's immediate-ready app page on the shared signing origin.
      benchAppUrl: `${bench.origins.signing}/sdk`,
      sandboxAppUrl: sandbox.origins.signing,
    },
    scripts,
    /** The origins the latency phase puts its proxies in front of: each one's host name and the port it listens on. */
    proxied: {
      benchSigning: hostAndPort(bench.origins.signing),
      sandboxSigning: hostAndPort(sandbox.origins.signing),
      cdn: hostAndPort(sandbox.origins.cdn),
    },
    /** The certificate's key (every site here shares the one certificate), for Chromium to trust. */
    spkiSha256: tls.spkiSha256,
    ca: tls.cert,
    childSizes: bench.childSizes(),
    async close() {
      await Promise.allSettled([sandbox.close(), bench.close()]);
      rmSync(cdnDir, { recursive: true, force: true });
    },
  };
}
