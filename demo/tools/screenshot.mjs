// Regenerates docs/demo.png: the partner demo after a signed "complete" session, confirmed by the server, with
// the demo's defaults (frame height 'auto') in the 1280 × 800 window a newcomer's laptop has.
// Usage: npm run build && node demo/tools/screenshot.mjs
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../lib/chromium.mjs';
import { startSandbox } from '../server/sandbox.mjs';

const output = fileURLToPath(new URL('../../docs/demo.png', import.meta.url));
const hosts = { partner: 'partner.test', cdn: 'cdn.test', signing: 'sign.test' };
const sandbox = await startSandbox({ ports: { demo: 0, cdn: 0, signing: 0 }, hosts });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS],
});
try {
  const page = await browser.newPage({
    ignoreHTTPSErrors: true,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  });
  await page.goto(sandbox.urls.demo);
  await page.getByLabel('Scenario').selectOption('complete');
  await page.getByRole('button', { name: 'New session' }).click();
  await page.frameLocator('#signing-container iframe').getByRole('button', { name: 'Sign contract' }).waitFor();
  await page.frameLocator('#signing-container iframe').getByRole('button', { name: 'Sign contract' }).click();
  await page.getByText('confirmed by server').waitFor();
  await page.screenshot({ path: output, fullPage: true });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
  await sandbox.close();
}
