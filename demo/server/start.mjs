// `npm run demo`: starts the sandbox with settings from the environment and prints where everything is.
// With --json (for tools: lib/sandbox-process.mjs) it prints one JSON line, `{ urls, origins, sdkVersion }`,
// and nothing else.
import { optionsFromEnv } from './config.mjs';
import { startSandbox } from './sandbox.mjs';

const json = process.argv.includes('--json');
const options = optionsFromEnv();
const log = json ? undefined : (line) => console.log(`[sandbox] ${line}`);
const sandbox = await startSandbox({ ...options, log }).catch((error) => {
  console.error(`Could not start the sandbox: ${error.message}`);
  if (error.code === 'EADDRINUSE') console.error('A port is taken: set DEMO_PORT, CDN_PORT or SIGNING_PORT (0 picks a free one).');
  process.exit(1);
});
const { urls } = sandbox;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    sandbox.close().then(() => process.exit(0));
  });
}

if (json) {
  process.stdout.write(JSON.stringify({ urls, origins: sandbox.origins, sdkVersion: sandbox.sdkVersion }) + '\n');
} else {
  console.log(`
contracts-sdk sandbox (HTTPS, self-signed certificate, listening on 127.0.0.1 only)

  Partner demo      ${urls.demo}      <- open this
  CDN               ${urls.cdn}
    pinned SDK      ${urls.sdkPinned}
    floating SDK    ${urls.sdkFloating}
  Signing app       ${urls.signing}/embed
  Contracts API     ${urls.contractsApi}
  Demo webhook      ${urls.webhook}

The certificate is self-signed. Either start a throwaway Chromium that trusts exactly this certificate:

  chromium --user-data-dir="$(mktemp -d)" --ignore-certificate-errors-spki-list=${sandbox.spkiSha256} ${urls.demo}

or open ${urls.cdn}/ and ${urls.signing}/ once and accept the warning before opening the demo.

Partner API token for this run (curl ${urls.contractsApi.replace('{app_id}', '<uuid>')} with it):
  Authorization: Bearer ${sandbox.apiToken}

Ctrl+C stops everything.
`);
}
