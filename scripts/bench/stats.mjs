// Order statistics for noisy samples: medians and high percentiles, never means of single runs.

/** The q-quantile (0..1) of `values` by linear interpolation between closest ranks. */
export function quantile(values, q) {
  if (values.length === 0) throw new Error('quantile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

export const median = (values) => quantile(values, 0.5);
export const p95 = (values) => quantile(values, 0.95);

/** Median and p95 of a sample, with its size. */
export function summary(values) {
  return {
    n: values.length,
    median: median(values),
    p95: p95(values),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

/** Per-round ratios a[i] / b[i]: each round is measured side by side, so drift in machine load cancels out. */
export function pairedRatios(samples, baseline) {
  if (samples.length !== baseline.length) throw new Error('paired samples must have the same length');
  return samples.map((value, i) => value / baseline[i]);
}
