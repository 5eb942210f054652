// `npm run demo`: starts the sandbox with settings from the environment and prints where everything is.
// With --json (for tools: lib/sandbox-process.mjs) it prints one JSON line, `{ urls, origins, partnerOrigins,
// sdkVersion, certFile }` (urls.serviceApi and certFile: what a Node backend calls and trusts), and nothing else.
import { bannerText } from './banner.mjs';
import { optionsFromEnv } from './config.mjs';
import { startSandbox } from './sandbox.mjs';

const json = process.argv.includes('--json');
const log = json ? undefined : (line) => console.log(`[sandbox] ${line}`);
const sandbox = await Promise.resolve()
  .then(() => startSandbox({ ...optionsFromEnv(), log }))
  .catch((error) => {
    // A bad setting's message names the variable and how to fix it: no stack trace needed.
    console.error(`Could not start the sandbox: ${error.message}`);
    if (error.code === 'EADDRINUSE')
      console.error('A port is taken: set DEMO_PORT, CDN_PORT or SIGNING_PORT (0 picks a free one).');
    process.exit(1);
  });
const { urls } = sandbox;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    sandbox.close().then(() => process.exit(0));
  });
}

if (json) {
  const { origins, partnerOrigins, sdkVersion, certFile } = sandbox;
  process.stdout.write(JSON.stringify({ urls, origins, partnerOrigins, sdkVersion, certFile }) + '\n');
} else {
  console.log(bannerText(sandbox));
}
