// `npm run bench` (after the build): our SDK against the physical limit and penpal, side by side in one run,
// plus script cost, memory over many lifecycles and bundle sizes. Writes docs/perf/latest.{md,json,svg} and
// prints the Markdown. States each target as "meets" or "misses"; exits non-zero only if the run itself fails.
//
// Options: --rounds=N (60) --warmup=N (5) --settle-ms=N (100) --script-rounds=N (30) --cycles=N (1000)
//          --instances=N (100) --out=DIR (docs/perf)
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, release, platform } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { launchBrowser } from './browser.mjs';
import { startEnvironment } from './environment.mjs';
import { memory, openToReady, scriptCost } from './phases.mjs';
import { renderMarkdown } from './report.mjs';
import { bundleSizes } from './sizes.mjs';
import { renderSvg } from './svg.mjs';
import { judge } from './targets.mjs';

const DEFAULTS = { rounds: 60, warmup: 5, 'settle-ms': 100, 'script-rounds': 30, cycles: 1000, instances: 100, out: join(REPO_ROOT, 'docs', 'perf') };

function parseOptions(argv) {
  const options = { ...DEFAULTS };
  for (const arg of argv) {
    const match = /^--([a-z-]+)=(.+)$/.exec(arg);
    if (!match || !(match[1] in DEFAULTS)) throw new Error(`unknown option "${arg}"; options: ${Object.keys(DEFAULTS).map((k) => `--${k}=`).join(' ')}`);
    const [, key, value] = match;
    if (key === 'out') options.out = resolve(value);
    else if (!/^\d+$/.test(value)) throw new Error(`--${key} must be a whole number, got "${value}"`);
    else options[key] = Number(value);
  }
  if (options.rounds < 30) console.warn(`note: ${options.rounds} rounds is below the 30 the published figures use`);
  return options;
}

function machine() {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, ${platform()} ${release()}`;
}

const progress = (message) => console.error(`[bench] ${message}`);

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  const sizes = bundleSizes();
  const environment = await startEnvironment();
  let browser;
  try {
    const launched = await launchBrowser();
    browser = launched.browser;
    progress(`Chromium ${launched.version}; sites up, starting ${options.warmup} warm-up + ${options.rounds} rounds`);
    const timing = await openToReady(launched.context, environment.urls, {
      rounds: options.rounds,
      warmup: options.warmup,
      settleMs: options['settle-ms'],
      progress,
    });
    progress('script cost');
    const scripts = await scriptCost(launched.context, environment.urls, {
      rounds: options['script-rounds'],
      warmup: 3,
      settleMs: options['settle-ms'],
    });
    scripts.rounds = options['script-rounds'];
    scripts.sdk.label = `contracts-sdk ${environment.scripts.sdk.version} \`index.umd.js\``;
    scripts.penpal.label = `penpal ${environment.scripts.penpal.version} \`penpal.min.js\``;
    progress(`memory: ${options.cycles} cycles, ${options.instances} instances`);
    const mem = await memory(launched.context, environment.urls, { cycles: options.cycles, instances: options.instances, warmup: 5, progress });

    const result = {
      meta: {
        date: new Date().toISOString(),
        machine: machine(),
        browser: `Chromium ${launched.version}`,
        node: process.version,
        command: 'npm run bench',
        options,
        wallSeconds: (Date.now() - started) / 1000,
      },
      timing,
      scriptCost: scripts,
      memory: mem,
      sizes,
      childSizes: environment.childSizes,
    };
    result.targets = judge({ timing, sizes, memory: mem });
    const markdown = renderMarkdown(result);
    mkdirSync(options.out, { recursive: true });
    writeFileSync(join(options.out, 'latest.md'), markdown);
    writeFileSync(join(options.out, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
    writeFileSync(join(options.out, 'latest.svg'), renderSvg(result));
    console.log(markdown);
    progress(`wrote ${join(options.out, 'latest.{md,json,svg}')} in ${result.meta.wallSeconds.toFixed(0)} s`);
  } finally {
    await browser?.close();
    await environment.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
