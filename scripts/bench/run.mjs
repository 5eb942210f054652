// `npm run bench` (after the build): our SDK against the physical limit and penpal, side by side in one run, on
// loopback; click to ready under injected network latency (a bare iframe, the SDK constructed ahead, the SDK
// prepared ahead); script cost, memory over many lifecycles (e2e/leak.spec.ts, run by scripts/bench/leak.mjs) and
// bundle sizes. Writes docs/perf/latest.{md,json,svg} and prints the Markdown. States each target as "meets" or
// "misses"; exits non-zero only if the run itself fails.
//
// Options (defaults in brackets). The defaults take about 8 min on a 2-core machine where a loopback iframe open takes
// ~170 ms: latency ~5.5 min (~37 s a round), loopback ~1.5 min, memory ~40 s (the leak spec), build ~20 s.
//   --rounds=N (60) --warmup=N (5) --settle-ms=N (100)   loopback open-to-ready: interleaved rounds
//   --rtt-ms=LIST (100,300)          round trips the latency proxies inject, comma-separated ms
//   --engines=LIST (chromium,firefox)   engines of the latency phase, comma-separated
//   --latency-rounds=N (8) --latency-warmup=N (1)        rounds of every contender x app x RTT (12 measurements)
//   --click-delay-ms=N (1000)        page load (set-up) to the click, in the latency phase
//   --script-rounds=N (30)           script cost rounds
//   --cycles=N --prepare-cycles=N --instances=N      memory: the leak spec's counts (its own: 50, 50, 10)
//   --out=DIR (docs/perf)
// The SDK measured is the build in dist/, or in SDK_OUT_DIR when set (`SDK_OUT_DIR=/tmp/x npm run bench` builds
// there and measures that, leaving dist/ alone).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, release, platform } from 'node:os';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { launchBrowser } from './browser.mjs';
import { startEnvironment } from './environment.mjs';
import { clickToReady, LATENCY_ENGINES } from './latency.mjs';
import { leakFigures } from './leak.mjs';
import { openToReady, scriptCost } from './phases.mjs';
import { renderMarkdown } from './report.mjs';
import { bundleSizes } from './sizes.mjs';
import { summary } from './stats.mjs';
import { renderSvg } from './svg.mjs';
import { judge } from './targets.mjs';

const DEFAULTS = {
  rounds: 60,
  warmup: 5,
  'settle-ms': 100,
  'rtt-ms': [100, 300],
  engines: LATENCY_ENGINES,
  'latency-rounds': 8,
  'latency-warmup': 1,
  'click-delay-ms': 1000,
  'script-rounds': 30,
  // The leak spec's own counts unless given.
  cycles: undefined,
  'prepare-cycles': undefined,
  instances: undefined,
  out: join(REPO_ROOT, 'docs', 'perf'),
};

function parseOptions(argv) {
  const options = { ...DEFAULTS };
  for (const arg of argv) {
    const match = /^--([a-z-]+)=(.+)$/.exec(arg);
    if (!match || !(match[1] in DEFAULTS))
      throw new Error(
        `unknown option "${arg}"; options: ${Object.keys(DEFAULTS)
          .map((k) => `--${k}=`)
          .join(' ')}`,
      );
    const [, key, value] = match;
    if (key === 'out') options.out = resolve(value);
    else if (key === 'rtt-ms') {
      if (!/^\d+(,\d+)*$/.test(value))
        throw new Error(`--rtt-ms must be whole numbers separated by commas, got "${value}"`);
      options[key] = value.split(',').map(Number);
    } else if (key === 'engines') {
      const engines = value.split(',');
      if (!engines.every((engine) => LATENCY_ENGINES.includes(engine)))
        throw new Error(`--engines must list ${LATENCY_ENGINES.join(' and/or ')}, got "${value}"`);
      options.engines = engines;
    } else if (!/^\d+$/.test(value)) throw new Error(`--${key} must be a whole number, got "${value}"`);
    else options[key] = Number(value);
  }
  if (options.rounds < 30) console.warn(`note: ${options.rounds} rounds is below the 30 the published figures use`);
  if (options['latency-rounds'] < 1) throw new Error('--latency-rounds must be at least 1');
  return options;
}

function machine() {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, ${platform()} ${release()}`;
}

/** How this run was started, for the report (a private build shows as SDK_OUT_DIR=<dir>). */
function command() {
  const viaNpm = process.env.npm_lifecycle_event === 'bench';
  const args = process.argv.slice(2);
  return [
    process.env.SDK_OUT_DIR ? `SDK_OUT_DIR=${process.env.SDK_OUT_DIR}` : '',
    viaNpm ? 'npm run bench' : 'node scripts/bench/run.mjs',
    viaNpm && args.length ? '--' : '',
    ...args,
  ]
    .filter(Boolean)
    .join(' ');
}

const progress = (message) => console.error(`[bench] ${message}`);

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  const loadAtStart = loadavg();
  // The 1-minute load average every 10 s through the run: the figures are only as good as the machine was idle.
  const loadSamples = [loadAtStart[0]];
  const loadTimer = setInterval(() => loadSamples.push(loadavg()[0]), 10_000);
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
    progress(
      `click to ready under latency: RTT ${options['rtt-ms'].join(', ')} ms, ${options['latency-warmup']} warm-up + ${options['latency-rounds']} rounds`,
    );
    const latency = await clickToReady(environment, {
      engines: options.engines,
      rtts: options['rtt-ms'],
      rounds: options['latency-rounds'],
      warmup: options['latency-warmup'],
      clickDelayMs: options['click-delay-ms'],
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
    progress('memory: e2e/leak.spec.ts');
    const mem = await leakFigures({
      cycles: options.cycles,
      prepareCycles: options['prepare-cycles'],
      instances: options.instances,
      progress,
    });

    const result = {
      meta: {
        date: new Date().toISOString(),
        machine: machine(),
        browser: `Chromium ${launched.version}; latency phase: ${latency.browsers.join(', ')}`,
        node: process.version,
        command: command(),
        options,
        // 1-, 5- and 15-minute load averages when the run started and ended (other work on the machine skews times).
        load: { start: loadAtStart, end: loadavg(), oneMinute: summary(loadSamples) },
        wallSeconds: (Date.now() - started) / 1000,
      },
      timing,
      latency,
      scriptCost: scripts,
      memory: mem,
      sizes,
      childSizes: environment.childSizes,
    };
    result.targets = judge({ timing, latency, sizes, memory: mem });
    const markdown = renderMarkdown(result);
    mkdirSync(options.out, { recursive: true });
    writeFileSync(join(options.out, 'latest.md'), markdown);
    writeFileSync(join(options.out, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
    writeFileSync(join(options.out, 'latest.svg'), renderSvg(result));
    console.log(markdown);
    progress(`wrote ${join(options.out, 'latest.{md,json,svg}')} in ${result.meta.wallSeconds.toFixed(0)} s`);
  } finally {
    clearInterval(loadTimer);
    await browser?.close();
    await environment.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
