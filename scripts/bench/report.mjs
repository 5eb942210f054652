// The Markdown report: every figure comes from the run's result object (latest.json holds the same data).
import { signed } from './targets.mjs';

const ms = (value) => value.toFixed(1);
const ratio = (value) => `${value.toFixed(3)} x`;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const row = (cells) => `| ${cells.join(' | ')} |`;

function table(headers, rows) {
  return [row(headers), row(headers.map(() => '---')), ...rows.map(row)].join('\n');
}

const load = (values) => values.map((v) => v.toFixed(2)).join(' / ');

/** One engine's figures at one round trip: every app and contender. */
function latencyTable(latency, engine, rttMs) {
  const optional = (value, format = ms) => (value === undefined ? '' : format(value));
  return table(
    [
      'app',
      'contender',
      'median',
      'p95',
      'median / bare median',
      'per-round ratio, median',
      "SDK's open-to-ready measure, median",
      'prepare(), median',
      'connections before click / after',
      'bytes sent after click, median',
    ],
    latency.apps.flatMap((app) =>
      latency.contenders.map(({ id }) => {
        const c = latency.cells.find(
          (x) => x.engine === engine && x.rttMs === rttMs && x.app === app.id && x.contender === id,
        );
        return [
          app.label.split(' (')[0],
          c.label,
          ms(c.ms.median),
          ms(c.ms.p95),
          ratio(c.ratioOfMedians),
          c.ratio ? ratio(c.ratio.median) : '1 (reference)',
          optional(c.sdkOpenToReady),
          c.prepareMs ? ms(c.prepareMs.median) : '',
          `${c.connectionsBeforeClick} / ${c.connectionsAfterClick}`,
          String(Math.round(c.bytesUpAfterClick)),
        ];
      }),
    ),
  );
}

/** The latency phase: how it runs, one table per engine and RTT, and what the connection counts say. */
function latencySection(latency) {
  if (!latency) return '';
  const tables = latency.engines
    .flatMap((engine, i) =>
      latency.rtts.map(
        (rttMs) => `### ${latency.browsers[i]}, ${rttMs} ms round trip\n\n${latencyTable(latency, engine, rttMs)}`,
      ),
    )
    .join('\n\n');
  return `## Click to ready under network latency (ms)

The signing origins (\`sign.test\`: the sandbox's signing app and the bench's child pages) and the CDN sit behind
a latency-injecting TCP proxy on loopback (\`scripts/bench/latency-proxy.mjs\`): a new connection costs one round
trip before its first byte leaves, and every chunk in each direction arrives half a round trip later, in order;
TLS stays end to end. Chromium (a regular profile, as a signer's window: an off-the-record one turns off the
loading predictor, preconnect hints included) reaches those origins through the proxies by its host resolver
rules; Firefox (${latency.browsers.filter((b) => b.startsWith('Firefox')).join(', ') || 'not in this run'}) through a SOCKS front on loopback
(\`scripts/bench/socks.mjs\`) that hands each origin's connections to its proxy; so every origin, CSP and partner
check is the same as on loopback. The partner page itself is on loopback and has loaded, with the SDK script from
the CDN, before the set-up. Each measurement starts cold: a new page (Firefox: in a new context, which has its own
cache and connections), the proxies cut every pooled connection, Chromium's HTTP cache is cleared. The contender
is set up as a partner's page does at load: nothing for the bare iframe; \`new SvcContracts()\` with \`warm:
false\` (1.2.0's behaviour), alone, with a page-level \`<link rel="preconnect">\` to the signing origin, or with a
hidden throwaway frame of the embed page that the click removes before \`open()\`; \`new SvcContracts()\` with the
warm start (the default) and a token function; \`new SvcContracts()\` + \`prepare()\`. The click follows
${latency.clickDelayMs} ms later (or once \`prepare()\` has resolved, if later), by Playwright's \`page.click\` on a
button, and the time runs from the click event's \`timeStamp\` to the ready signal in the page: the bare iframe's
ready message (sandbox app, after the protocol's hello and init) or the baseline page's ack (minimal pages);
\`open()\`'s resolution for the SDK (with the frame shown). ${latency.warmup} warm-up round(s), then
${latency.rounds} rounds per engine, interleaved (every RTT, app and contender in each round); ratios are per round
against the bare iframe of the same round, RTT and app. "Connections" and "bytes sent" are counted by the proxy of
the app's signing origin: opened between the set-up and the click, opened (and bytes sent by the browser) between
the click and ready, medians. The proxy's check: a cold HTTPS GET from Node through it (TCP, TLS 1.3, one request:
3 round trips in the model) took
${latency.calibration.map((c) => `${ms(c.coldGetMs)} ms at ${c.rttMs} ms RTT`).join(', ')}.

${tables}

Reading the tables: with \`warm: false\`, constructing the SDK ahead opens no connection, and the page cannot open
one for the frame: Chromium partitions connections by the top-level site and whether the request comes from a
cross-site frame, so the page's \`<link rel="preconnect">\` warms a connection the frame does not use (Firefox
partitions by the top-level site only: there the hint can serve the frame, which its row shows). A frame of the
signing origin shares the later frame's partition: the throwaway frame warms connections and cacheable files, but
the app still loads again after the click; the warm start's frame is the session's frame, so the click costs only
init (the token over the port) and the app's own start. That is why it is on by default (docs/decisions.md).
`;
}

export function renderMarkdown(result) {
  const { meta, timing, latency, scriptCost, memory, sizes, childSizes, targets } = result;
  // Counts as they are; the heap in KB (its change signed, in KB too).
  const memoryRow = (name, inKb = false) => {
    const value = (v) => (inKb ? kb(v) : String(v));
    const change = (after) =>
      inKb ? `${signed(Math.round((after - memory.before[name]) / 1024))} KB` : signed(after - memory.before[name]);
    const columns = ['afterCycles', 'afterPrepareCycles', 'afterInstances', 'afterWarmCycles'].flatMap((key) => [
      value(memory[key][name]),
      change(memory[key][name]),
    ]);
    return [name, value(memory.before[name]), ...columns, value(memory.afterDestroy[name])];
  };
  return `# Performance: latest run

Generated by \`${meta.command}\` on ${meta.date}. Machine: ${meta.machine}. Browser: ${meta.browser}.
Node ${meta.node}. Run wall time: ${meta.wallSeconds.toFixed(0)} s. Load average (1 / 5 / 15 min) at the start
${load(meta.load.start)}, at the end ${load(meta.load.end)}; the 1-minute figure every 10 s through the run: median
${meta.load.oneMinute.median.toFixed(2)}, max ${meta.load.oneMinute.max.toFixed(2)} (${meta.machine.split(', ')[1]}).

Three sites on loopback: the partner page (\`partner.test\`, CSP-clean, no inline script), the CDN (\`cdn.test\`,
serving our UMD and penpal's build alike) and the signing origin (\`sign.test\`), which serves the three
contenders' child pages (each document exactly ${childSizes.baseline.documentBytes} bytes). Times are
\`performance.now()\` inside the partner page, from just before the call to its resolution, on a fresh iframe
each time; the contenders run interleaved (A B C D, A B C D, ...), ${timing.warmup} warm-up rounds, then
${timing.rounds} rounds, with a ${timing.settleMs} ms pause before each measurement. The ratio is taken per round
(side by side, so machine noise largely cancels), then summarised.

## Targets

${table(
  ['target', 'figure', 'verdict'],
  targets.map((t) => [t.target, t.figure, `**${t.verdict}**`]),
)}

## Open to ready on loopback (ms)

${table(
  ['contender', 'median', 'p95', 'median / baseline median', 'per-round ratio, median', 'per-round ratio, p95'],
  timing.contenders.map((c) => [
    c.label,
    ms(c.ms.median),
    ms(c.ms.p95),
    ratio(c.ratioOfMedians),
    c.ratio ? ratio(c.ratio.median) : '1 (reference)',
    c.ratio ? ratio(c.ratio.p95) : '',
  ]),
)}

Child pages (same document size; the scripts are each contender's app side, cached after the warm-up):
${Object.entries(childSizes)
  .map(([name, s]) => `\`${name}\` ${s.documentBytes} B document + ${s.scriptBytes} B script`)
  .join(', ')}.

${latencySection(latency)}
## Script cost (by script tag, SRI + CORS, never-cached URL, ${scriptCost.rounds} rounds interleaved)

${table(
  ['library', 'transfer (bytes)', 'body gzip / decoded (bytes)', 'evaluation median (ms)', 'evaluation p95 (ms)'],
  ['sdk', 'penpal'].map((kind) => {
    const s = scriptCost[kind];
    return [
      s.label,
      String(s.transferSize),
      `${s.encodedBodySize} / ${s.decodedBodySize}`,
      s.evalMs.median.toFixed(2),
      s.evalMs.p95.toFixed(2),
    ];
  }),
)}

Evaluation is the script element's \`load\` event minus the end of its response (Resource Timing): SRI check,
parse, compile and run. Transfer is the gzip body as the CDN sends it plus the response headers.

## Memory (CDP \`Performance.getMetrics\` after \`HeapProfiler.collectGarbage\`)

From \`e2e/leak.spec.ts\`, the leak check \`npm test\` runs (the same harness; the sandbox signing app, Chromium).
"before" follows a warm-up of ${memory.warmup} of each; then, on the same page, ${memory.cycles} \`open()\` -> ready ->
\`close()\` cycles of one instance, ${memory.prepareCycles} \`prepare()\` -> \`open()\` -> \`close()\` cycles of another,
${memory.instances} create -> \`open()\` -> \`destroy()\` instances, ${memory.warmCycles} create -> \`destroy()\` cycles without
\`open()\` (the warm start's frame only, a pause for it to load every 100), and last both kept instances destroyed.

${table(
  [
    'metric',
    'before',
    `after ${memory.cycles} cycles`,
    'change',
    `after ${memory.prepareCycles} prepare cycles`,
    'change',
    `after ${memory.instances} instances`,
    'change',
    `after ${memory.warmCycles} construct/destroy cycles`,
    'change',
    'after destroying the kept instances',
  ],
  [memoryRow('iframes'), memoryRow('JSEventListeners'), memoryRow('Nodes'), memoryRow('JSHeapUsedSize', true)],
)}

## Bundle size (read from the packages at run time; min = the shipped minified build, gzip -9)

The target is the budget (see Targets); the other packages are here for comparison only.

${table(
  ['package', 'version', 'browser build', 'min (bytes)', 'min+gzip (bytes)', 'min+gzip'],
  sizes.map((s) => [
    s.name,
    s.version,
    `\`${s.file}\` (${s.why})`,
    String(s.minBytes),
    String(s.gzipBytes),
    kb(s.gzipBytes),
  ]),
)}

Raw data: [latest.json](latest.json). Chart: [latest.svg](latest.svg).
`;
}
