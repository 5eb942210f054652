// @vitest-environment node
// The signing app's hosted fonts over HTTPS (demo/server/service/hosted-fonts.mjs): each family's stylesheet names
// only woff2 files of the app's own origin, regular and bold, each behind a unicode-range; the files come with
// their content type, a year's immutable cache and same-origin CORP; the embed page's CSP lets fonts come from
// itself only.
import { describe, expect, it } from 'vitest';
import { HOSTED_FAMILIES } from '../../demo/server/service/hosted-fonts.mjs';
import { requestLoopback } from '../../lib/loopback-client.mjs';
import { withSandbox } from './sandbox-http';

const running = withSandbox('hosted-fonts-');
const get = (path: string) =>
  requestLoopback({ url: `${running.sandbox.origins.signing}${path}`, ca: running.sandbox.cert });

/** Each @font-face of a stylesheet: family, weight, its one src URL and its unicode-range. */
function faces(css: string) {
  return [...css.matchAll(/@font-face \{([^}]*)\}/g)].map(([, body]) => ({
    family: /font-family: '([^']+)'/.exec(body!)?.[1],
    weight: /font-weight: (\d+)/.exec(body!)?.[1],
    src: /src: ([^;]+);/.exec(body!)?.[1],
    range: /unicode-range: ([^;]+);/.exec(body!)?.[1],
  }));
}

describe('the signing app hosts its font families', () => {
  it('the embed page allows fonts from its own origin only', async () => {
    const csp = String((await get('/embed')).headers['content-security-policy']);
    expect(csp).toContain("font-src 'self';");
    expect(csp).toContain("default-src 'none'");
  });

  for (const [family, sheet] of Object.entries(HOSTED_FAMILIES)) {
    it(`${family}: a stylesheet of woff2 faces, 400 and 700, each subset behind its unicode-range`, async () => {
      const answer = await get(`/embed/fonts/${sheet}.css`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('no-cache');
      const all = faces(answer.body);
      const own = all.filter((face) => face.family === family);
      expect(new Set(own.map((face) => face.weight))).toEqual(new Set(['400', '700']));
      // The families' own subsets, then Noto Sans Arabic and Hebrew for right-to-left text.
      expect(new Set(all.map((face) => face.family))).toEqual(
        new Set([family, 'Noto Sans Arabic', 'Noto Sans Hebrew']),
      );
      for (const face of all) {
        expect(face.src).toMatch(
          /^url\(\/embed\/fonts\/\d+\.\d+\.\d+\/[a-z0-9-]+-(400|700)-normal\.woff2\) format\('woff2'\)$/,
        );
        expect(face.range).toMatch(/^U\+[0-9A-F?]/);
      }
      expect(own.some((face) => face.range!.startsWith('U+0000-00FF'))).toBe(true);
    });
  }

  it('serves each woff2 file as font/woff2, cached a year as immutable, to its own origin only', async () => {
    const css = (await get('/embed/fonts/inter.css')).body;
    const url = /url\(([^)]+latin-400-normal\.woff2)\)/.exec(css)![1]!;
    const answer = await get(url);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('font/woff2');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    // The woff2 signature.
    expect(answer.bytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
  });

  it('serves nothing else under /embed/fonts/: no other file of the packages, no path out of them', async () => {
    for (const path of [
      '/embed/fonts/comic-sans.css',
      '/embed/fonts/noto-sans-arabic.css',
      '/embed/fonts/5.3.0/inter-latin-400-normal.woff',
      '/embed/fonts/5.3.0/inter-latin-300-normal.woff2',
      '/embed/fonts/5.3.0/../package.json',
      '/embed/fonts/5.3.0/%2e%2e/LICENSE',
      '/embed/fonts/inter-latin-400-normal.woff2',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
