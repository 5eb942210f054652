// `npm run test:e2e [-- --engine=<chromium|firefox|webkit>] [playwright options]`: the real-browser suite in
// every engine (default) or the ones named (repeat --engine, or separate names with commas). Each engine is a
// Playwright project of e2e/playwright.config.ts; any other argument goes to `playwright test` unchanged.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from '../lib/chromium.mjs';
import { FIREFOX_PATH } from '../lib/firefox.mjs';
import { MINIBROWSER_PATH, WEBKIT_DRIVER_PATH, XVFB_PATH } from '../lib/webkit.mjs';

const CONFIG = fileURLToPath(new URL('../e2e/playwright.config.ts', import.meta.url));

/** Engine → the files its run needs (all from scripts/install-browsers.sh). */
const ENGINES = {
  chromium: [CHROMIUM_PATH],
  firefox: [FIREFOX_PATH],
  webkit: [WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, XVFB_PATH],
};

function fail(message) {
  console.error(`test:e2e: ${message}`);
  process.exit(2);
}

const engines = [];
const passThrough = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--engine') {
    if (i + 1 >= args.length) fail('--engine needs a value: chromium, firefox or webkit');
    engines.push(...args[++i].split(','));
  } else if (arg.startsWith('--engine=')) {
    engines.push(...arg.slice('--engine='.length).split(','));
  } else {
    passThrough.push(arg);
  }
}
for (const engine of engines) {
  if (!Object.hasOwn(ENGINES, engine)) fail(`unknown engine "${engine}": use chromium, firefox or webkit`);
}
const selected = engines.length > 0 ? [...new Set(engines)] : Object.keys(ENGINES);

const missing = selected.flatMap((engine) =>
  ENGINES[engine].filter((file) => !existsSync(file)).map((file) => `${engine}: ${file}`),
);
if (missing.length > 0) {
  fail(`missing ${missing.join(', ')}. Install the browsers with: bash scripts/install-browsers.sh`);
}

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const projects = selected.map((engine) => `--project=${engine}`);
const child = spawn(process.execPath, [cli, 'test', '-c', CONFIG, ...projects, ...passThrough], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
