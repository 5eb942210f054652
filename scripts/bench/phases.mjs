// The loopback in-browser phases (the memory figures come from e2e/leak.spec.ts: scripts/bench/leak.mjs). Every figure is measured inside the page (pages/host.js); this side only
// orders the work: contenders interleaved round by round, a settle pause before each measurement so one
// contender's teardown (frame and renderer shutdown) never lands in the next one's time.
import { randomUUID } from 'node:crypto';
import { openPage } from './browser.mjs';
import { pairedRatios, summary } from './stats.mjs';

/** The open-to-ready contenders, in round order; `target: false` ones are reported but not judged. */
export function contenders(urls) {
  const sandboxToken = `sbx_complete_bench${randomUUID().replaceAll('-', '')}`;
  return [
    { id: 'baseline', label: 'baseline: iframe + hello/answer/reply over postMessage', call: ['baseline'] },
    {
      id: 'sdk',
      label: 'contracts-sdk: new SvcContracts() + open() until contract.ready',
      call: ['sdk', { appUrl: urls.benchAppUrl, token: 'sbx_complete_bench' }],
    },
    { id: 'penpal', label: 'penpal 7: connect() until connection.promise resolves', call: ['penpal'] },
    {
      id: 'sdkSandbox',
      label:
        'contracts-sdk on the sandbox signing app (`complete`: session fetch + render before ready; informational)',
      call: ['sdk', { appUrl: urls.sandboxAppUrl, token: sandboxToken }],
    },
  ];
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(page, [name, options]) {
  return page.evaluate(({ name, options }) => window.bench[name](options), { name, options });
}

/** A B C D, A B C D, ...: `warmup` rounds discarded, then `rounds` kept; ratios are per round. */
export async function openToReady(context, urls, { rounds, warmup, settleMs, progress }) {
  const { page, errors } = await openPage(context, urls.host);
  const list = contenders(urls);
  const samples = Object.fromEntries(list.map((c) => [c.id, []]));
  for (let round = -warmup; round < rounds; round++) {
    for (const contender of list) {
      await pause(settleMs);
      const ms = await measure(page, contender.call);
      if (round >= 0) samples[contender.id].push(ms);
    }
    if (round >= 0 && (round + 1) % 10 === 0) progress(`open-to-ready: ${round + 1}/${rounds} rounds`);
  }
  const violations = await page.evaluate(() => window.bench.violations());
  const iframesLeft = await page.evaluate(() => window.bench.iframes());
  await page.close();
  if (errors.length || violations.length)
    throw new Error(`host page problems: ${[...errors, ...violations].join('; ')}`);
  const baselineMedian = summary(samples.baseline).median;
  return {
    rounds,
    warmup,
    settleMs,
    iframesLeft,
    contenders: list.map(({ id, label }) => ({
      id,
      label,
      ms: summary(samples[id]),
      ratioOfMedians: summary(samples[id]).median / baselineMedian,
      ratio: id === 'baseline' ? undefined : summary(pairedRatios(samples[id], samples.baseline)),
      samples: samples[id],
    })),
  };
}

/** Our UMD vs penpal's minified build by script tag, interleaved; each load under a never-seen URL. */
export async function scriptCost(context, urls, { rounds, warmup, settleMs }) {
  const { page, errors } = await openPage(context, urls.scriptCost);
  const kinds = ['sdk', 'penpal'];
  const samples = Object.fromEntries(kinds.map((kind) => [kind, []]));
  for (let round = -warmup; round < rounds; round++) {
    for (const kind of kinds) {
      await pause(settleMs);
      const result = await page.evaluate((options) => window.bench.loadScript(options), {
        kind,
        tag: `${round}-${randomUUID()}`,
      });
      if (round >= 0) samples[kind].push(result);
    }
  }
  const violations = await page.evaluate(() => window.bench.violations());
  await page.close();
  if (errors.length || violations.length)
    throw new Error(`script-cost page problems: ${[...errors, ...violations].join('; ')}`);
  return Object.fromEntries(
    kinds.map((kind) => {
      const list = samples[kind];
      const last = list[list.length - 1];
      return [
        kind,
        {
          evalMs: summary(list.map((s) => s.evalMs)),
          transferSize: summary(list.map((s) => s.transferSize)).median,
          encodedBodySize: last.encodedBodySize,
          decodedBodySize: last.decodedBodySize,
        },
      ];
    }),
  );
}
