// Click to ready under network latency: the signing origins and the CDN behind latency proxies
// (latency-proxy.mjs), and a Chromium (regular profile, see browser.mjs launchProfile) and a Firefox (through the
// SOCKS front, socks.mjs) whose connections to those origins go through them, with the same origins as on
// loopback. Every measurement starts cold: a new page (Firefox: a new context), the proxies cut every connection
// the browser holds to those origins, and the HTTP cache is cleared or new (TLS session tickets may survive:
// resuming costs the same round trip as a full TLS 1.3 handshake, only less CPU). The partner
// page itself stays on loopback: it and the SDK script from the CDN have loaded (the `load` event) before anything
// else happens, and only click -> ready is timed.
//
// Per measurement: open latency.html; set the contender up as a partner's page does at load (pages/host.js
// latencySetup); wait `clickDelayMs` (1 s) from the set-up, and for prepare() to resolve; click #go with
// Playwright (a real input event); read the time from the click event's timeStamp to the ready signal, measured
// in the page. Contenders interleave round by round; the ratio to the bare iframe is per round (same RTT, app).
import { randomUUID } from 'node:crypto';
import { request } from 'node:https';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSizeOf } from '../../lib/bundle.mjs';
import { launchFirefoxForLatency, launchProfile } from './browser.mjs';
import { startLatencyProxy } from './latency-proxy.mjs';
import { startSocksFront } from './socks.mjs';
import { pairedRatios, summary } from './stats.mjs';

export const LATENCY_CONTENDERS = [
  { id: 'bare', label: 'bare iframe of the app, created on the click' },
  { id: 'constructed', label: 'SDK constructed at page load with `warm: false` (1.2.0), open() on the click' },
  { id: 'preconnect', label: 'the same plus a page-level `<link rel="preconnect">` to the signing origin' },
  { id: 'throwaway', label: 'the same plus a hidden warm-up frame of the embed page, removed on the click' },
  { id: 'warm', label: 'SDK constructed at page load (warm start), token function, open() on the click' },
  { id: 'prepared', label: 'SDK prepare() at page load, open() on the click' },
];

/** The engines measured, in order; `--engines` picks some. */
export const LATENCY_ENGINES = ['chromium', 'firefox'];

/** The two apps: what each contender loads, and which proxy carries the signing origin's traffic. */
function apps(urls, proxied) {
  return [
    {
      id: 'sandbox',
      label: 'sandbox signing app (`complete`: page, 3 scripts + CSS, session call, render)',
      proxy: 'sandboxSigning',
      options: (contender) => ({
        contender,
        kind: 'sandbox',
        // A fresh token per measurement, so the app starts a new session each time (never in a URL: evaluate()).
        token: `sbx_complete_bench${randomUUID().replaceAll('-', '')}`,
        appUrl: urls.sandboxAppUrl,
        origin: proxied.sandboxSigning.origin,
        path: '/embed',
      }),
    },
    {
      id: 'minimal',
      label: 'minimal child pages (1024 B page + one small script, ready at once)',
      proxy: 'benchSigning',
      options: (contender) => ({
        contender,
        kind: 'minimal',
        token: 'sbx_complete_bench',
        appUrl: urls.benchAppUrl,
        origin: proxied.benchSigning.origin,
        // The bare iframe is the baseline page (hello, answer, ack); the SDK's is the immediate-ready app page.
        path: '/baseline/embed',
      }),
    },
  ];
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A cold page: Chromium's profile with its HTTP cache cleared; in Firefox, a page of a new context. */
export async function coldPage(engine) {
  if (engine.context) {
    const page = await engine.context.newPage();
    const cdp = await engine.context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    return { page, close: () => page.close() };
  }
  const context = await engine.browser.newContext({ ignoreHTTPSErrors: true });
  return { page: await context.newPage(), close: () => context.close() };
}

async function measureOnce(engine, { url, app, contender, rttMs, proxies, clickDelayMs, sdkGzipBytes }) {
  const { page, close } = await coldPage(engine);
  try {
    for (const proxy of Object.values(proxies)) {
      proxy.dropConnections();
      proxy.rttMs = rttMs;
    }
    const signing = proxies[app.proxy];
    const start = { signing: signing.stats(), cdn: proxies.cdn.stats() };
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(url, { waitUntil: 'load' });
    // Cold cache and pool: the SDK script came through the CDN proxy again, on a new connection, in full.
    const cdn = proxies.cdn.stats();
    if (cdn.connections - start.cdn.connections < 1 || cdn.bytesDown - start.cdn.bytesDown < sdkGzipBytes) {
      throw new Error(
        'latency: the page had the SDK script without fetching it through the CDN proxy (cache or pool not cold?)',
      );
    }
    const setAt = Date.now();
    await page.evaluate((options) => window.bench.latencySetup(options), app.options(contender.id));
    const prepared =
      contender.id === 'prepared' ? await page.evaluate(() => window.bench.latencyPrepared()) : undefined;
    await pause(Math.max(0, clickDelayMs - (Date.now() - setAt)));
    const beforeClick = signing.stats();
    await page.click('#go');
    const result = await page.evaluate(() => window.bench.latencyResult());
    const afterReady = signing.stats();
    if (errors.length) throw new Error(`latency page problems: ${errors.join('; ')}`);
    const sample = {
      ms: result.ms,
      prepareMs: prepared?.prepareMs,
      openToLoaded: result.openToLoaded,
      openToReady: result.openToReady,
      connectionsBeforeClick: beforeClick.connections - start.signing.connections,
      connectionsAfterClick: afterReady.connections - beforeClick.connections,
      bytesUpAfterClick: afterReady.bytesUp - beforeClick.bytesUp,
    };
    // The bare iframe has nothing before the click: if it opened no connection, the proxy was not in the path.
    if (contender.id === 'bare' && sample.connectionsAfterClick < 1) {
      throw new Error(`latency: the bare iframe of ${app.id} opened no connection through its proxy`);
    }
    return sample;
  } finally {
    await close();
  }
}

/**
 * The proxy's own check: one cold HTTPS GET from Node (new TCP connection, full TLS 1.3 handshake, one request)
 * through `proxy`, which the model prices at 3 round trips; the excess is Node's and the server's own time.
 */
async function calibrate(proxy, { host, ca }) {
  const started = performance.now();
  await new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        servername: host,
        headers: { host },
        path: '/static/host.js',
        ca,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('error', reject);
    req.end();
  });
  return performance.now() - started;
}

const medianOf = (values) => (values.some((v) => v === undefined) ? undefined : summary(values).median);

/** Starts one engine for the latency phase; `close()` stops it and whatever it needed. */
export async function launchEngine(name, environment, portMaps) {
  if (name === 'chromium') {
    const userDataDir = mkdtempSync(join(tmpdir(), 'contracts-bench-profile-'));
    const { context, version } = await launchProfile({ userDataDir, portMaps, spkiSha256: environment.spkiSha256 });
    return {
      name,
      version: `Chromium ${version}`,
      context,
      close: async () => {
        await context.close();
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  }
  const socks = await startSocksFront(new Map(portMaps.map((m) => [`${m.host}:${m.port}`, m.toPort])));
  try {
    const { browser, version } = await launchFirefoxForLatency({ socksPort: socks.port });
    return {
      name,
      version: `Firefox ${version}`,
      browser,
      close: async () => {
        await browser.close();
        await socks.close();
      },
    };
  } catch (error) {
    await socks.close();
    throw error;
  }
}

/** Every engine's cells: one per (RTT, app, contender) with its summaries and raw samples. */
function cellsOf(engine, samples, rtts, list) {
  const key = (rtt, app, contender) => `${rtt}/${app}/${contender}`;
  const cells = [];
  for (const rttMs of rtts) {
    for (const app of list) {
      const bare = samples.get(key(rttMs, app.id, 'bare')).map((s) => s.ms);
      for (const contender of LATENCY_CONTENDERS) {
        const measured = samples.get(key(rttMs, app.id, contender.id));
        const ms = measured.map((s) => s.ms);
        const pick = (name) => measured.map((s) => s[name]);
        cells.push({
          engine,
          rttMs,
          app: app.id,
          appLabel: app.label,
          contender: contender.id,
          label: contender.label,
          ms: summary(ms),
          ratioOfMedians: summary(ms).median / summary(bare).median,
          ratio: contender.id === 'bare' ? undefined : summary(pairedRatios(ms, bare)),
          prepareMs: contender.id === 'prepared' ? summary(pick('prepareMs')) : undefined,
          sdkOpenToLoaded: contender.id === 'bare' ? undefined : medianOf(pick('openToLoaded')),
          sdkOpenToReady: contender.id === 'bare' ? undefined : medianOf(pick('openToReady')),
          connectionsBeforeClick: summary(pick('connectionsBeforeClick')).median,
          connectionsAfterClick: summary(pick('connectionsAfterClick')).median,
          bytesUpAfterClick: summary(pick('bytesUpAfterClick')).median,
          samples: measured,
        });
      }
    }
  }
  return cells;
}

/**
 * A latency proxy per proxied origin of the environment, put into `proxies` as each starts (the caller's `finally`
 * closes what started); returns the host:port maps that send a browser through them.
 */
export async function startProxies(environment, proxies) {
  for (const [name, target] of Object.entries(environment.proxied))
    proxies[name] = await startLatencyProxy({ targetPort: target.port });
  return Object.entries(environment.proxied).map(([name, target]) => ({
    host: target.host,
    port: target.port,
    toPort: proxies[name].port,
  }));
}

/**
 * Runs, in each engine, `warmup` + `rounds` rounds; each round measures every contender on every app at every
 * RTT, in the order RTT, app, contender. Returns one cell per (engine, RTT, app, contender).
 */
export async function clickToReady(
  environment,
  { engines = LATENCY_ENGINES, rtts, rounds, warmup, clickDelayMs, settleMs, progress },
) {
  const proxies = {};
  try {
    const portMaps = await startProxies(environment, proxies);
    const calibration = [];
    proxies.benchSigning.rttMs = 0;
    await calibrate(proxies.benchSigning, { host: environment.proxied.benchSigning.host, ca: environment.ca }); // Node's TLS set-up, not counted
    for (const rttMs of rtts) {
      proxies.benchSigning.rttMs = rttMs;
      calibration.push({
        rttMs,
        coldGetMs: await calibrate(proxies.benchSigning, {
          host: environment.proxied.benchSigning.host,
          ca: environment.ca,
        }),
      });
    }
    const list = apps(environment.urls, environment.proxied);
    const sdkGzipBytes = gzipSizeOf(readFileSync(environment.scripts.sdk.file));
    const cells = [];
    const versions = [];
    for (const name of engines) {
      const engine = await launchEngine(name, environment, portMaps);
      versions.push(engine.version);
      try {
        const samples = new Map();
        const started = Date.now();
        for (let round = -warmup; round < rounds; round++) {
          for (const rttMs of rtts) {
            for (const app of list) {
              for (const contender of LATENCY_CONTENDERS) {
                await pause(settleMs);
                const sample = await measureOnce(engine, {
                  url: environment.urls.latency,
                  app,
                  contender,
                  rttMs,
                  proxies,
                  clickDelayMs,
                  sdkGzipBytes,
                });
                if (round < 0) continue;
                const k = `${rttMs}/${app.id}/${contender.id}`;
                if (!samples.has(k)) samples.set(k, []);
                samples.get(k).push(sample);
              }
            }
          }
          const done = round + warmup + 1;
          const perRound = (Date.now() - started) / 1000 / done;
          progress(
            `click to ready under latency, ${engine.version}: ${round < 0 ? `warm-up ${done}/${warmup}` : `${round + 1}/${rounds} rounds`} (${perRound.toFixed(0)} s per round)`,
          );
        }
        cells.push(...cellsOf(name, samples, rtts, list));
      } finally {
        await engine.close();
      }
    }
    return {
      engines,
      browsers: versions,
      rtts,
      rounds,
      warmup,
      clickDelayMs,
      settleMs,
      calibration,
      apps: list.map(({ id, label }) => ({ id, label })),
      contenders: LATENCY_CONTENDERS,
      cells,
    };
  } finally {
    await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
  }
}
