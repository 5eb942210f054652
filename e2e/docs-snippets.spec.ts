// Every script tag of the docs that loads contracts-sdk from the CDN, followed literally as a partner would: each
// unmarked or named html block of README.md and docs/*.md (lib/doc-snippets.mjs), its CDN address the sandbox's,
// its `<content of NAME.integrity>` the content of the build's real sidecar (support/doc-integrity.ts), served on
// the partner origin with the CDN's files on the CDN origin (CORS, as SRI needs). Both files must run: SvcSDK
// defined, <svc-contract-signing> defined where the block loads element.umd.js, no script refused. Chromium, Firefox.
import { allSnippets, ILLUSTRATIVE } from '../lib/doc-snippets.mjs';
import { send } from '../lib/http-kit.mjs';
import { withSidecarIntegrity } from './support/doc-integrity';
import { expect, test } from './support/fixtures';

/** The docs' stand-ins for the CDN's address: the README's `{cdn_url}` and the other documents' example origin. */
const DOC_CDN = ['{cdn_url}', 'https://cdn.svc.example'];
/** A script tag without content (its quoted values may hold `>`: the placeholder does), and one of the CDN's files. */
const SCRIPT_TAG = /<script\b(?:[^>"]|"[^"]*")*><\/script>/g;
const SDK_SRC = /\bsrc="[^"]*\/packages\/contracts-sdk\/[^/"]+\/(?:index|element)\.umd\.js"/;

type Block = { file: string; line: number; lang: string; marker: string | null; code: string };

/** The blocks a partner copies script tags from, with those tags as written. */
const pages = (allSnippets() as Block[])
  .filter((block) => block.lang === 'html' && block.marker !== ILLUSTRATIVE)
  .map((block) => ({
    where: `${block.file}:${block.line}`,
    tags: (block.code.match(SCRIPT_TAG) ?? []).filter((tag) => SDK_SRC.test(tag)),
  }))
  .filter((page) => page.tags.length > 0);

/** The tags with their placeholders filled as the docs' words say. */
function filled(tags: string[], sandbox: { origins: { cdn: string }; sdkVersion: string }): string {
  return tags
    .map((tag) => {
      const atCdn = DOC_CDN.reduce((text, placeholder) => text.replaceAll(placeholder, sandbox.origins.cdn), tag);
      return atCdn.includes('integrity=') ? withSidecarIntegrity(atCdn, sandbox.sdkVersion) : atCdn;
    })
    .join('\n');
}

test('the docs have the pinned and the floating tags to check', () => {
  expect(pages.map((page) => page.where)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^README\.md:/),
      expect.stringMatching(/^docs\/server-rendered\.md:/),
    ]),
  );
  expect(pages.flatMap((page) => page.tags).join('\n')).toMatch(/element\.umd\.js/);
});

for (const [index, { where, tags }] of pages.entries()) {
  test(`${where}: its script tags, filled as worded from the build's sidecars, run across origins`, async ({
    page,
    harness,
    sandbox,
  }) => {
    const html = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Partner page</title></head><body>\n${filled(tags, sandbox)}\n</body></html>`;
    harness.mount(`doc-tags-${index}`, (_req: unknown, res: { end(): void }) =>
      send(res, 200, html, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }),
    );
    const printed: string[] = [];
    page.on('console', (message) => printed.push(message.text()));
    // A script the browser refuses (integrity, CORS) fires `error` at its element, which the window sees when capturing.
    await page.addInitScript(() => {
      const refused: string[] = [];
      Object.defineProperty(window, '__refusedScripts', { value: refused });
      addEventListener(
        'error',
        (event) => {
          if (event.target instanceof HTMLScriptElement) refused.push(event.target.src);
        },
        true,
      );
    });
    await page.goto(`${harness.origins.partner}/doc-tags-${index}/`);
    const ran = await page.evaluate(() => ({
      refused: (window as unknown as { __refusedScripts: string[] }).__refusedScripts,
      scripts: document.scripts.length,
      sdk: typeof (window as unknown as { SvcSDK?: { SvcContracts?: unknown } }).SvcSDK?.SvcContracts,
      element: customElements.get('svc-contract-signing') !== undefined,
    }));
    const loadsElement = tags.some((tag) => tag.includes('/element.umd.js"'));
    expect(ran, html).toEqual({ refused: [], scripts: tags.length, sdk: 'function', element: loadsElement });
    expect(printed.filter((text) => /integrity|digest|hash/i.test(text))).toEqual([]);
  });
}
