// docs/perf/latest.svg: horizontal bar charts drawn from the run's figures: min+gzip size per package, median
// open-to-ready per contender on loopback, and median click-to-ready under injected latency. Plain SVG, no fonts or scripts, so it renders the same on GitHub.
const WIDTH = 760;
const LABEL_WIDTH = 260;
const VALUE_WIDTH = 90;
const BAR_HEIGHT = 20;
const ROW = 28;
const OURS = '#1f6feb';
const OTHERS = '#8c959f';

const escapeXml = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** One chart: a title, then a bar per row scaled to the largest value; returns its SVG and height. */
function barChart({ title, subtitle, rows, format, top }) {
  const max = Math.max(...rows.map((r) => r.value));
  const barSpace = WIDTH - LABEL_WIDTH - VALUE_WIDTH - 20;
  const parts = [
    `<text x="10" y="${top + 18}" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<text x="10" y="${top + 36}" font-size="11" fill="#57606a">${escapeXml(subtitle)}</text>`,
  ];
  rows.forEach((r, i) => {
    const y = top + 48 + i * ROW;
    const width = Math.max(1, (r.value / max) * barSpace);
    parts.push(
      `<text x="${LABEL_WIDTH - 8}" y="${y + 14}" font-size="12" text-anchor="end">${escapeXml(r.label)}</text>`,
      `<rect x="${LABEL_WIDTH}" y="${y}" width="${width.toFixed(1)}" height="${BAR_HEIGHT}" fill="${r.ours ? OURS : OTHERS}"/>`,
      `<text x="${(LABEL_WIDTH + width + 6).toFixed(1)}" y="${y + 14}" font-size="12">${escapeXml(format(r.value))}</text>`,
    );
  });
  return { svg: parts.join('\n'), height: 48 + rows.length * ROW + 16 };
}

export function renderSvg(result) {
  const sizes = barChart({
    title: 'Bundle size, min+gzip (gzip -9)',
    subtitle: 'the browser build each package ships, read from the package at run time',
    rows: result.sizes.map((s) => ({
      label: `${s.name} ${s.version}`,
      value: s.gzipBytes,
      ours: s.name === 'contracts-sdk',
    })),
    format: (bytes) => `${(bytes / 1024).toFixed(2)} KB`,
    top: 0,
  });
  const timing = barChart({
    title: 'Open to ready on loopback, median (ms)',
    subtitle: `${result.timing.rounds} interleaved rounds, ${result.meta.browser}, ${result.meta.date.slice(0, 10)}`,
    rows: result.timing.contenders.map((c) => ({
      label:
        {
          baseline: 'baseline (the limit)',
          sdk: 'contracts-sdk',
          penpal: 'penpal',
          sdkSandbox: 'contracts-sdk, sandbox app',
        }[c.id] ?? c.id,
      value: c.ms.median,
      ours: c.id.startsWith('sdk'),
    })),
    format: (value) => `${value.toFixed(1)} ms`,
    top: sizes.height,
  });
  // The chart's contenders (the page-hint and throwaway-frame variants are in the tables only).
  const CHARTED = { bare: 'bare iframe', constructed: 'warm: false', warm: 'warm start', prepared: 'prepared' };
  const latency = result.latency
    ? barChart({
        title: 'Click to ready under network latency, median (ms)',
        subtitle: `cold connections, ${result.latency.rounds} interleaved rounds per engine; bare iframe vs SDK with warm: false, warm start, prepared ahead`,
        rows: result.latency.cells
          .filter((c) => CHARTED[c.contender])
          .map((c) => ({
            label: `${c.engine}, ${c.rttMs} ms RTT, ${c.app}: ${CHARTED[c.contender]}`,
            value: c.ms.median,
            ours: c.contender !== 'bare',
          })),
        format: (value) => `${value.toFixed(1)} ms`,
        top: sizes.height + timing.height,
      })
    : { svg: '', height: 0 };
  const height = sizes.height + timing.height + latency.height;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" role="img">
<title>contracts-sdk benchmark: bundle sizes, open-to-ready medians on loopback and click-to-ready under latency</title>
<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>
${sizes.svg}
${timing.svg}
${latency.svg}
</svg>
`;
}
