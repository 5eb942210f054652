// appearance.variables.fontFamily in every engine (issue #55, docs/appearance.md): the signing app renders in the
// family it hosts, the face loaded from its own origin and nothing fetched from any other, and update() changes
// the family live in the same document.
import { expect } from '../support/fixtures';
import type { Host } from '../support/host';
import { recordServerRequests } from '../support/server-requests';
import { frameIn, names } from '../support/sdk-driver';
import { READY } from './expected';
import type { ScenarioTest } from './scenario-test';
import { markDocument, update } from './steps';

/** What the signer's text is set in, read in the app's frame: runs in the browser. */
function readFonts(family: string) {
  const unquote = (name: string) => name.trim().replace(/^["']|["']$/g, '');
  const faces = [...(document.fonts as unknown as Iterable<FontFace>)].filter(
    (face) => unquote(face.family) === family,
  );
  const resources = performance.getEntriesByType('resource').map((entry) => entry.name);
  return {
    // The first family of the contract text's computed font-family (engines differ in quoting it).
    first: unquote(getComputedStyle(document.querySelector('main')!).fontFamily.split(',')[0]!),
    // The weights of the family's faces that have loaded: regular body text, bold headings and buttons.
    loaded: [...new Set(faces.filter((face) => face.status === 'loaded').map((face) => face.weight))].sort(),
    fontFiles: resources.filter((url) => url.endsWith('.woff2')).length,
    otherOrigins: resources.filter((url) => new URL(url).origin !== location.origin),
    sameDocument: window.__before === true,
  };
}

const fonts = (host: Host, family: string) => host.evaluateInFrame(frameIn('c1'), readFonts, family);

export function hostedFontScenarios(test: ScenarioTest): void {
  test('fontFamily: the app renders in the hosted family, from its own origin only; update() changes it live', async ({
    host,
    sandbox,
    openSigned,
  }) => {
    const requests = recordServerRequests(sandbox.origins.signing);
    try {
      await openSigned(host, { appearance: { variables: { fontFamily: 'Inter' } } });
      await expect
        .poll(() => fonts(host, 'Inter'))
        .toMatchObject({ first: 'Inter', loaded: ['400', '700'], otherOrigins: [] });
      await markDocument(host);
      // The signing app's server sent the family's stylesheet and its Latin regular and bold files.
      expect(requests.list()).toEqual(
        expect.arrayContaining([
          'GET /embed/fonts/inter.css',
          expect.stringMatching(/^GET \/embed\/fonts\/[\d.]+\/inter-latin-400-normal\.woff2$/),
          expect.stringMatching(/^GET \/embed\/fonts\/[\d.]+\/inter-latin-700-normal\.woff2$/),
        ]),
      );
      // No other family was fetched: only what the session renders.
      expect(requests.list().filter((line) => line.endsWith('.woff2') && !line.includes('/inter-'))).toEqual([]);

      expect(await update(host, 'a', { appearance: { variables: { fontFamily: 'Source Sans 3' } } })).toBe('updated');
      await expect
        .poll(() => fonts(host, 'Source Sans 3'))
        .toMatchObject({ first: 'Source Sans 3', loaded: ['400', '700'], otherOrigins: [], sameDocument: true });
      expect(requests.list()).toContain('GET /embed/fonts/source-sans-3.css');

      // A generic stack: the app's own system font, no stylesheet, in place.
      expect(await update(host, 'a', { appearance: { variables: { fontFamily: 'serif' } } })).toBe('updated');
      await expect.poll(async () => (await fonts(host, 'serif')).first).toBe('serif');
      expect((await fonts(host, 'serif')).sameDocument).toBe(true);
      expect(await names(host, 'a')).toEqual(READY);
      expect(requests.list().filter((line) => line === 'POST /embed/api/session')).toHaveLength(1);
    } finally {
      requests.stop();
    }
  });
}
