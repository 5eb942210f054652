// The claims the run states against its own figures: each is "meets" or "misses", and none fails the run
// (the full bench is a report; the leak check in npm test is what fails CI).
import { BUDGET_GZIP_BYTES } from '../../lib/bundle.mjs';

export const OPEN_RATIO_LIMIT = 1.05;
export const LISTENER_TOLERANCE = 2;
export const HEAP_GROWTH_LIMIT = 1024 * 1024;

export function judge({ timing, sizes, memory }) {
  const byId = (id) => timing.contenders.find((c) => c.id === id);
  const sdk = byId('sdk');
  const baseline = byId('baseline');
  const ours = sizes.find((s) => s.name === 'contracts-sdk');
  const penpal = sizes.find((s) => s.name === 'penpal');
  const targets = [
    // As stated: the SDK's median against the baseline's median. The per-round ratio is shown beside it; on a
    // noisy machine the two differ by a few percent from run to run.
    {
      target: `SDK median open-to-ready <= ${OPEN_RATIO_LIMIT} x baseline median`,
      figure: `${sdk.ratioOfMedians.toFixed(3)} x (${sdk.ms.median.toFixed(1)} vs ${baseline.ms.median.toFixed(1)} ms; per-round ratio: median ${sdk.ratio.median.toFixed(3)}, p95 ${sdk.ratio.p95.toFixed(3)})`,
      meets: sdk.ratioOfMedians <= OPEN_RATIO_LIMIT,
    },
    {
      target: 'ours smaller than penpal, min+gzip',
      figure: `${ours.gzipBytes} B vs ${penpal.gzipBytes} B`,
      meets: ours.gzipBytes < penpal.gzipBytes,
    },
    {
      target: `ours at most ${BUDGET_GZIP_BYTES} B min+gzip`,
      figure: `${ours.gzipBytes} B of ${BUDGET_GZIP_BYTES} B`,
      meets: ours.gzipBytes <= BUDGET_GZIP_BYTES,
    },
  ];
  for (const [key, label] of [['afterCycles', `${memory.cycles} cycles`], ['afterInstances', `${memory.instances} instances`]]) {
    const after = memory[key];
    const listeners = after.JSEventListeners - memory.before.JSEventListeners;
    const heap = after.JSHeapUsedSize - memory.before.JSHeapUsedSize;
    targets.push(
      { target: `after ${label}: 0 iframes left`, figure: String(after.iframes), meets: after.iframes === 0 },
      {
        target: `after ${label}: listeners back at baseline (+-${LISTENER_TOLERANCE})`,
        figure: `${signed(listeners)} (${memory.before.JSEventListeners} -> ${after.JSEventListeners})`,
        meets: Math.abs(listeners) <= LISTENER_TOLERANCE,
      },
      { target: `after ${label}: heap growth < 1 MB`, figure: `${signed(Math.round(heap / 1024))} KB`, meets: heap < HEAP_GROWTH_LIMIT },
    );
  }
  return targets.map((t) => ({ ...t, verdict: t.meets ? 'meets' : 'misses' }));
}

export const signed = (n) => (n > 0 ? `+${n}` : String(n));
