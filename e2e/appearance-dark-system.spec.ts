// `theme: 'auto'` in Firefox with a dark system. Firefox ESR 153 over WebDriver BiDi cannot emulate a colour scheme
// (e2e/support/host.ts, emulateColorScheme), so this file starts a Firefox whose profile says the system is dark
// (`ui.systemUsesDarkTheme`): the cross-site signing frame must report dark and the app show its dark theme. Not
// live (a pref set at launch); Chromium switches the scheme live in e2e/scenarios/appearance.ts.
import { FIREFOX_PREFS, FIREFOX_SHIM_PATH } from '../lib/firefox.mjs';
import { expect, test } from './support/fixtures';
import { frameIn } from './support/sdk-driver';

test.skip(({ browserName }) => browserName !== 'firefox', 'a Firefox profile pref: Chromium emulates the scheme');
test.use({
  launchOptions: {
    executablePath: FIREFOX_SHIM_PATH,
    firefoxUserPrefs: { ...FIREFOX_PREFS, 'ui.systemUsesDarkTheme': 1 },
  },
});

test("theme auto with a dark system: the app's cross-site frame reports dark and shows the dark theme", async ({
  page,
  openSigned,
}) => {
  await openSigned(page, { appearance: { theme: 'auto' } });
  const frame = page.frameLocator(frameIn('c1')).locator('html');
  expect(
    await frame.evaluate((root) => ({
      darkPreferred: matchMedia('(prefers-color-scheme: dark)').matches,
      theme: root.dataset.theme,
      background: getComputedStyle(root).backgroundColor,
    })),
  ).toEqual({ darkPreferred: true, theme: 'dark', background: 'rgb(20, 23, 28)' });
});
