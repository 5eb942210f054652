// What a page with many instances costs (issue #45): 1, 10 and 30 instances constructed at load, as a lender's
// "documents to sign" page does (one per row, the warm start, a token function), on the sandbox signing app behind
// the latency proxy at `rttMs` (100 ms), in Chromium and Firefox, cold each time (latency.mjs coldPage). Two ways:
// `shared` (one warm frame per page, this build) and `perInstance` (the page removes Element.prototype.moveBefore
// first, so the SDK warms a frame per instance: 1.3.0 before #45, and WebKit). Per measurement, until every frame
// on the page has loaded: frames, requests the browser sent to the signing origin, bytes through its proxy (both
// ways), the time constructing took, and in Chromium the page's JS heap after GC and its main-thread task time
// (CDP Performance.getMetrics; Firefox has no such protocol here). Then click to ready of the first instance, and
// of the last one after the first is ready (shared: once the re-warmed frame has loaded, as when a signer comes back
// to the list). A bare iframe created on the click, measured in the same round, is the ratio's base.
//
// `npm run bench:scale` (after the build) writes docs/perf/scale.{md,json}. Options: --rounds=N (3)
// --counts=LIST (1,10,30) --rtt-ms=N (100) --engines=LIST (chromium,firefox) --out=DIR (docs/perf).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { startEnvironment } from './environment.mjs';
import { coldPage, launchEngine, LATENCY_ENGINES, startProxies } from './latency.mjs';
import { summary } from './stats.mjs';

const MODES = ['shared', 'perInstance'];
const newToken = () => `sbx_complete_bench${randomUUID().replaceAll('-', '')}`;
const progress = (message) => console.error(`[bench:scale] ${message}`);

/** Chromium's page metrics (CDP); undefined in Firefox. */
async function pageMetrics(engine, page) {
  if (!engine.context) return undefined;
  const cdp = await engine.context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return {
    async read() {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const value = (name) => metrics.find((metric) => metric.name === name)?.value;
      return { heapBytes: value('JSHeapUsedSize'), taskMs: value('TaskDuration') * 1000 };
    },
    detach: () => cdp.detach(),
  };
}

/** A cold page on latency.html with the signing proxy's counters and the browser's requests to its origin. */
async function coldLatencyPage(engine, { url, proxies, rttMs, origin }) {
  const cold = await coldPage(engine);
  for (const proxy of Object.values(proxies)) {
    proxy.dropConnections();
    proxy.rttMs = rttMs;
  }
  const requests = [];
  cold.page.on('request', (request) => new URL(request.url()).origin === origin && requests.push(request.url()));
  await cold.page.goto(url, { waitUntil: 'load' });
  return { ...cold, requests };
}

/** One page with `count` instances constructed at load: its cost until loaded, then the two clicks. */
async function measureScale(engine, { url, proxies, rttMs, appUrl, origin, count, mode }) {
  const { page, close, requests } = await coldLatencyPage(engine, { url, proxies, rttMs, origin });
  try {
    const signing = proxies.sandboxSigning;
    const metrics = await pageMetrics(engine, page);
    const before = { proxy: signing.stats(), page: await metrics?.read() };
    const tokens = Array.from({ length: count }, newToken);
    const setup = await page.evaluate((options) => window.bench.scaleSetup(options), {
      appUrl,
      tokens,
      perInstance: mode === 'perInstance',
    });
    const loaded = { proxy: signing.stats(), page: await metrics?.read(), requests: requests.length };
    await page.click('#go');
    const firstMs = await page.evaluate(() => window.bench.scaleFirst());
    let laterMs;
    let rewarm;
    if (count > 1) {
      if (mode === 'shared') rewarm = await page.evaluate(() => window.bench.scaleRewarmed());
      if (rewarm && !rewarm.loaded)
        progress(`${count} shared: no re-warmed frame loaded within 15 s (${rewarm.waiting} waiting)`);
      await page.click('#go2');
      laterMs = await page.evaluate(() => window.bench.scaleLater());
    }
    await metrics?.detach();
    return {
      frames: setup.frames,
      requests: loaded.requests,
      bytes: loaded.proxy.bytesUp - before.proxy.bytesUp + loaded.proxy.bytesDown - before.proxy.bytesDown,
      connections: loaded.proxy.connections - before.proxy.connections,
      constructMs: setup.constructMs,
      heapBytes: loaded.page?.heapBytes,
      taskMs: loaded.page && loaded.page.taskMs - before.page.taskMs,
      firstMs,
      laterMs,
      rewarmed: rewarm?.loaded,
    };
  } finally {
    await close();
  }
}

/** The bare iframe of the sandbox app, created on the click (latency.mjs's `bare`): the ratio's base. */
async function measureBare(engine, { url, proxies, rttMs, origin }) {
  const { page, close } = await coldLatencyPage(engine, { url, proxies, rttMs, origin });
  try {
    await page.evaluate((options) => window.bench.latencySetup(options), {
      contender: 'bare',
      kind: 'sandbox',
      token: newToken(),
      origin,
      path: '/embed',
    });
    await page.click('#go');
    return (await page.evaluate(() => window.bench.latencyResult())).ms;
  } finally {
    await close();
  }
}

const median = (values) => (values.every((v) => v !== undefined) ? summary(values).median : undefined);

/** Runs every engine: per round, the bare iframe, then each count in each mode. */
export async function scaleAtLoad(environment, { engines, counts, rttMs, rounds }) {
  const proxies = {};
  const cells = [];
  const browsers = [];
  try {
    const portMaps = await startProxies(environment, proxies);
    const base = {
      url: environment.urls.latency,
      proxies,
      rttMs,
      appUrl: environment.urls.sandboxAppUrl,
      origin: environment.proxied.sandboxSigning.origin,
    };
    for (const name of engines) {
      const engine = await launchEngine(name, environment, portMaps);
      browsers.push(engine.version);
      try {
        const bare = [];
        const samples = new Map();
        for (let round = 0; round < rounds; round++) {
          bare.push(await measureBare(engine, base));
          for (const count of counts) {
            for (const mode of MODES) {
              const key = `${count}/${mode}`;
              if (!samples.has(key)) samples.set(key, []);
              samples.get(key).push(await measureScale(engine, { ...base, count, mode }));
            }
          }
          progress(`${engine.version}: round ${round + 1}/${rounds}`);
        }
        const bareMs = summary(bare).median;
        cells.push({ engine: name, count: 0, mode: 'bare', firstMs: bareMs, samples: bare });
        for (const [key, list] of samples) {
          const [count, mode] = key.split('/');
          const pick = (field) => median(list.map((sample) => sample[field]));
          cells.push({
            engine: name,
            count: Number(count),
            mode,
            frames: pick('frames'),
            requests: pick('requests'),
            bytes: pick('bytes'),
            connections: pick('connections'),
            constructMs: pick('constructMs'),
            heapBytes: pick('heapBytes'),
            taskMs: pick('taskMs'),
            firstMs: pick('firstMs'),
            firstRatio: pick('firstMs') / bareMs,
            laterMs: pick('laterMs'),
            laterRatio: pick('laterMs') === undefined ? undefined : pick('laterMs') / bareMs,
            samples: list,
          });
        }
      } finally {
        await engine.close();
      }
    }
  } finally {
    await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
  }
  return { rttMs, rounds, counts, browsers, cells };
}

const fixed = (value, digits = 0) => (value === undefined ? 'n/a' : value.toFixed(digits));
const kb = (bytes) => (bytes === undefined ? 'n/a' : `${(bytes / 1024).toFixed(0)} KB`);
const mb = (bytes) => (bytes === undefined ? 'n/a' : `${(bytes / 2 ** 20).toFixed(1)} MB`);

/** The Markdown table of one run. */
export function renderScale(result, meta) {
  const lines = [
    '# What a page with many instances costs (issue #45)',
    '',
    `${meta.date}; ${result.browsers.join(', ')}; sandbox signing app at ${result.rttMs} ms RTT; median of ${result.rounds} cold rounds; \`${meta.command}\`.`,
    "At load = until every frame on the page has loaded. Requests and bytes: to the signing origin (bytes both ways through its proxy). Heap and main-thread time: the page's, Chromium only (CDP). Click to ready: first instance, then the last one after the first is ready; ratio to a bare iframe of the app created on the click, same round.",
    '',
    '| engine | instances | warm frames | frames | requests | bytes | page heap | main thread | construct | first click → ready | later click → ready |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const cell of result.cells) {
    if (cell.mode === 'bare') {
      lines.push(`| ${cell.engine} | bare iframe | | | | | | | | ${fixed(cell.firstMs)} ms (1 x) | |`);
      continue;
    }
    const later = cell.laterMs === undefined ? '' : `${fixed(cell.laterMs)} ms (${fixed(cell.laterRatio, 2)} x)`;
    lines.push(
      `| ${cell.engine} | ${cell.count} | ${cell.mode === 'shared' ? 'one per page' : 'one per instance'} | ${cell.frames} | ${cell.requests} | ${kb(cell.bytes)} | ${mb(cell.heapBytes)} | ${cell.taskMs === undefined ? 'n/a' : `${fixed(cell.taskMs)} ms`} | ${fixed(cell.constructMs, 1)} ms | ${fixed(cell.firstMs)} ms (${fixed(cell.firstRatio, 2)} x) | ${later} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function parseOptions(argv) {
  const options = {
    rounds: 3,
    counts: [1, 10, 30],
    rttMs: 100,
    engines: LATENCY_ENGINES,
    out: join(REPO_ROOT, 'docs', 'perf'),
  };
  for (const arg of argv) {
    const [, key, value] = /^--([a-z-]+)=(.+)$/.exec(arg) ?? [];
    if (key === 'rounds' && /^\d+$/.test(value)) options.rounds = Number(value);
    else if (key === 'counts' && /^\d+(,\d+)*$/.test(value)) options.counts = value.split(',').map(Number);
    else if (key === 'rtt-ms' && /^\d+$/.test(value)) options.rttMs = Number(value);
    else if (key === 'engines' && value.split(',').every((e) => LATENCY_ENGINES.includes(e)))
      options.engines = value.split(',');
    else if (key === 'out') options.out = resolve(value);
    else
      throw new Error(
        `unknown or bad option "${arg}": --rounds=N --counts=1,10,30 --rtt-ms=N --engines=chromium,firefox --out=DIR`,
      );
  }
  return options;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const environment = await startEnvironment();
  try {
    const result = await scaleAtLoad(environment, options);
    const meta = {
      date: new Date().toISOString(),
      command: `node scripts/bench/scale.mjs ${process.argv.slice(2).join(' ')}`.trim(),
    };
    const markdown = renderScale(result, meta);
    mkdirSync(options.out, { recursive: true });
    writeFileSync(join(options.out, 'scale.md'), markdown);
    writeFileSync(join(options.out, 'scale.json'), `${JSON.stringify({ meta, ...result }, null, 2)}\n`);
    console.log(markdown);
  } finally {
    await environment.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
