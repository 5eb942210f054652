// Regenerates docs/appearance-branded.png and docs/appearance-dark.png: the partner demo's signing area with the
// appearance panel's lender preset (its colours and its hosted font, Lato), then the same running session after
// the panel's dark toggle (update(), live).
// Usage: npm run build && node demo/tools/appearance-screenshots.mjs
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../lib/chromium.mjs';
import { startSandbox } from '../server/sandbox.mjs';

const docs = (name) => fileURLToPath(new URL(`../../docs/${name}`, import.meta.url));
const hosts = { partner: 'partner.test', cdn: 'cdn.test', signing: 'sign.test' };
const sandbox = await startSandbox({ ports: { demo: 0, cdn: 0, signing: 0 }, hosts });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

/** The frame's page background, once it is `expected` (the app applied the appearance). */
async function untilBackground(frame, expected) {
  await frame.locator('html').evaluate(
    (root, expected) =>
      new Promise((resolve) => {
        const check = () =>
          getComputedStyle(root).backgroundColor === expected ? resolve() : requestAnimationFrame(check);
        check();
      }),
    expected,
  );
}

/** Once the frame's text is set in `family`: its faces have loaded (the app's stylesheet, woff2 files). */
async function untilFontLoaded(frame, family) {
  await frame.locator('html').evaluate(async (_root, family) => {
    await document.fonts.ready;
    const loaded = () =>
      [...document.fonts].some((face) => face.family.replace(/["']/g, '') === family && face.status === 'loaded');
    await new Promise((resolve) => {
      const check = () => (loaded() ? document.fonts.ready.then(resolve) : requestAnimationFrame(check));
      check();
    });
  }, family);
}

try {
  const page = await browser.newPage({
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 1400 },
    deviceScaleFactor: 1,
  });
  await page.goto(sandbox.urls.demo);
  await page.getByLabel('Scenario').selectOption('complete');
  // A fixed frame tall enough for the contract down to its controls (set directly: the field may be in a closed group).
  await page.evaluate(() => {
    document.getElementById('height-fixed').checked = true;
    document.getElementById('height').value = '980';
  });
  // The panel may sit in a closed disclosure group of the demo's options.
  await page.locator('#appearance-panel').evaluate((panel) => {
    const group = panel.closest('details');
    if (group) group.open = true;
  });
  await page.getByLabel('Preset').selectOption('lender');
  await page.getByRole('button', { name: 'New session' }).click();
  const frame = page.frameLocator('#signing-container iframe');
  await frame.getByRole('button', { name: 'Sign contract' }).waitFor();
  // The lender preset's light background and its hosted font, Lato (demo/partner/appearance-panel.js).
  await untilBackground(frame, 'rgb(251, 248, 241)');
  await untilFontLoaded(frame, 'Lato');
  // The page's own screenshot, clipped to the frame: it paints the cross-site frame, as docs/demo.png shows.
  const signingArea = page.locator('#signing-container');
  await signingArea.scrollIntoViewIfNeeded();
  const clip = await signingArea.boundingBox();
  await page.screenshot({ path: docs('appearance-branded.png'), clip });
  await page.getByLabel('Dark theme').check();
  // Its dark background: the same session, restyled in place.
  await untilBackground(frame, 'rgb(16, 32, 26)');
  await untilFontLoaded(frame, 'Lato');
  await page.screenshot({ path: docs('appearance-dark.png'), clip });
  console.log(`wrote ${docs('appearance-branded.png')} and ${docs('appearance-dark.png')}`);
} finally {
  await browser.close();
  await sandbox.close();
}
