// 1.3.0 appearance in every engine (issue #40, docs/appearance.md): the partner's tokens as the signer sees them
// inside the sandbox app's frame (computed styles), the dark and auto themes, right to left, a live update() with
// no reload and no new session, and the app's own second check of every value it is sent.
import { adHocToken, expect } from '../support/fixtures';
import type { Host } from '../support/host';
import { recordServerRequests } from '../support/server-requests';
import { frameIn, names, waitForFrameText } from '../support/sdk-driver';
import { READY } from './expected';
import type { ScenarioTest } from './scenario-test';
import { markDocument, sameDocument, typeDeclineReason, update } from './steps';

/** A lender's brand: light colours with a bright primary (black text on it), its hosted font, larger type and spacing. */
export const BRAND = {
  theme: 'light',
  variables: {
    fontFamily: 'Lato',
    colorPrimary: '#FFD400',
    colorDanger: '#b3261e',
    colorBackground: '#fbf8f1',
    colorText: '#1f2a24',
    borderRadius: '3px',
    fontSizeBase: '17px',
    spacingUnit: '6px',
  },
};
/** The same lender at night: its own dark colours, a deep primary (white text on it). */
const DARK_BRAND = {
  theme: 'dark',
  variables: { colorPrimary: '#0b6e4f', colorBackground: '#10201a', colorText: '#e8f1ec', borderRadius: '12px' },
};
/** The sandbox app's own dark theme (demo/signing-app/app.css), no token given. */
const APP_DARK = { background: 'rgb(20, 23, 28)', text: 'rgb(231, 234, 240)' };
const APP_LIGHT = { background: 'rgb(255, 255, 255)', text: 'rgb(29, 36, 51)' };
const BLACK = 'rgb(0, 0, 0)';
const WHITE = 'rgb(255, 255, 255)';

/** The appearance the signer sees, read in the app's frame (its <html>, main and Sign button). */
function readLook() {
  const root = getComputedStyle(document.documentElement);
  const sign = document.querySelector('button.sign');
  const button = sign ? getComputedStyle(sign) : undefined;
  const main = document.querySelector('main');
  const box = main?.getBoundingClientRect();
  const signBox = sign?.getBoundingClientRect();
  const padding = main ? getComputedStyle(main) : undefined;
  return {
    background: root.backgroundColor,
    text: root.color,
    fontSize: root.fontSize,
    direction: root.direction,
    lang: document.documentElement.lang,
    theme: document.documentElement.dataset.theme,
    spacingTop: padding?.paddingTop,
    primary: button?.backgroundColor,
    onPrimary: button?.color,
    radius: button?.borderTopLeftRadius,
    // Where the Sign button sits in main's content box: at its inline start ("left" in ltr, "right" in rtl).
    signAt:
      box && signBox && padding
        ? Math.abs(signBox.left - box.left - Number.parseFloat(padding.paddingLeft)) < 2
          ? 'left'
          : Math.abs(box.right - Number.parseFloat(padding.paddingRight) - signBox.right) < 2
            ? 'right'
            : 'elsewhere'
        : undefined,
    darkPreferred: matchMedia('(prefers-color-scheme: dark)').matches,
    // The numbered clauses are indented on the inline-start side (a logical property in app.css).
    clausesIndent: (() => {
      const list = document.querySelector('ol.clauses');
      if (!list) return undefined;
      const style = getComputedStyle(list);
      return Number.parseFloat(style.paddingLeft) > 0
        ? 'left'
        : Number.parseFloat(style.paddingRight) > 0
          ? 'right'
          : 'none';
    })(),
  };
}

const look = (host: Host, containerId = 'c1') => host.evaluateInFrame(frameIn(containerId), readLook);

/**
 * A parent that speaks the protocol by hand, standing for an SDK that did not check what it sends: frames the
 * sandbox app in #c1, answers its hello with `init` (and `features: ['update']`), and keeps the port, on which
 * the test sends `update` messages and the app's messages are recorded by type.
 */
async function frameAppByHand(host: Host, appOrigin: string, init: Record<string, unknown>): Promise<void> {
  await host.evaluate(
    ({ appOrigin, init }) =>
      new Promise<void>((resolve) => {
        const frame = document.createElement('iframe');
        frame.title = 'Contract signing';
        frame.src = `${appOrigin}/embed`;
        const onHello = (event: MessageEvent) => {
          if (event.source !== frame.contentWindow || event.data?.type !== 'hello') return;
          window.removeEventListener('message', onHello);
          const channel = new MessageChannel();
          const seen: string[] = (window.__appMessages = []);
          channel.port1.onmessage = (message) => seen.push(message.data?.type);
          window.__appPort = channel.port1;
          const message = { protocol: 'svc-contracts', version: 1, type: 'init', features: ['update'], ...init };
          frame.contentWindow!.postMessage(message, appOrigin, [channel.port2]);
          resolve();
        };
        window.addEventListener('message', onHello);
        document.getElementById('c1')!.append(frame);
      }),
    { appOrigin, init },
  );
  await expect.poll(() => host.evaluate(() => window.__appMessages ?? [])).toContain('ready');
}

export function appearanceScenarios(test: ScenarioTest): void {
  test("appearance: a branded session shows the partner's colours, type, radius and spacing in the app", async ({
    host,
    openSigned,
  }) => {
    await openSigned(host, { appearance: BRAND });
    expect(await look(host)).toMatchObject({
      background: 'rgb(251, 248, 241)',
      text: 'rgb(31, 42, 36)',
      primary: 'rgb(255, 212, 0)',
      // Yellow is light: black contrasts more than white on it.
      onPrimary: BLACK,
      radius: '3px',
      fontSize: '17px',
      // main's top padding is five spacing units.
      spacingTop: '30px',
      theme: 'light',
      direction: 'ltr',
    });
  });

  test('appearance: the decline and "Finish later" controls and the legal note stay readable whatever the tokens', async ({
    host,
    openSigned,
  }) => {
    // The primary fill is the background itself, type and spacing at their smallest.
    const variables = {
      colorPrimary: '#fbf8f1',
      colorBackground: '#fbf8f1',
      colorText: '#595959',
      fontSizeBase: '12px',
      spacingUnit: '2px',
      borderRadius: '24px',
    };
    await openSigned(host, { appearance: { theme: 'dark', variables } });
    const shown = await host.evaluateInFrame(frameIn('c1'), () => {
      const channel = (rgb: string) => (rgb.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (rgb: string) => {
        const [r, g, b] = channel(rgb).map((c) => {
          const s = c / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const contrast = (a: string, b: string) => {
        const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (high! + 0.05) / (low! + 0.05);
      };
      const page = getComputedStyle(document.documentElement).backgroundColor;
      return [...document.querySelectorAll('.note, .actions button, button.sign')].map((element) => {
        const style = getComputedStyle(element);
        const fill = style.backgroundColor === 'rgba(0, 0, 0, 0)' ? page : style.backgroundColor;
        const box = element.getBoundingClientRect();
        return {
          text: (element.textContent ?? '').slice(0, 20),
          visible: box.width > 0 && box.height > 0 && style.visibility === 'visible' && Number(style.opacity) === 1,
          readable: contrast(style.color, fill) >= 4.5,
          fontSize: Number.parseFloat(style.fontSize),
        };
      });
    });
    expect(shown.map((s) => s.text)).toEqual(['By selecting "Sign c', 'Sign contract', 'Decline', 'Finish later']);
    for (const control of shown) expect(control, control.text).toMatchObject({ visible: true, readable: true });
    for (const control of shown) expect(control.fontSize, control.text).toBeGreaterThanOrEqual(12);
  });

  test("appearance: theme dark shows the app's dark theme", async ({ host, openSigned }) => {
    await openSigned(host, { appearance: { theme: 'dark' } });
    expect(await look(host)).toMatchObject({
      ...APP_DARK,
      theme: 'dark',
      primary: 'rgb(122, 167, 255)',
      onPrimary: BLACK,
    });
  });

  test('appearance: dir "rtl", or a right-to-left container, lays the app out right to left', async ({
    host,
    openSigned,
  }) => {
    await openSigned(host, { dir: 'rtl', locale: 'ar-XB' });
    expect(await look(host)).toMatchObject({
      direction: 'rtl',
      signAt: 'right',
      clausesIndent: 'right',
      lang: 'ar-XB',
    });
    await host.evaluate(() => void document.getElementById('c2')!.setAttribute('dir', 'rtl'));
    await openSigned(host, {}, { id: 'b', container: 'c2', goto: false });
    expect(await look(host, 'c2')).toMatchObject({ direction: 'rtl', signAt: 'right' });
  });

  test('appearance: a left-to-right page gets a left-to-right app', async ({ host, openSigned }) => {
    await openSigned(host);
    expect(await look(host)).toMatchObject({ direction: 'ltr', signAt: 'left', clausesIndent: 'left', ...APP_LIGHT });
  });

  test('update(): appearance and locale change live, in the same app document, with no new session or event', async ({
    host,
    sandbox,
    openSigned,
  }) => {
    const requests = recordServerRequests(sandbox.origins.signing);
    try {
      await openSigned(host, { appearance: BRAND, locale: 'en' });
      await markDocument(host);
      expect(await update(host, 'a', { appearance: DARK_BRAND, locale: 'de' })).toBe('updated');
      await waitForFrameText(host, 'c1', 'Vertrag unterschreiben');
      await expect
        .poll(() => look(host))
        .toMatchObject({
          background: 'rgb(16, 32, 26)',
          text: 'rgb(232, 241, 236)',
          primary: 'rgb(11, 110, 79)',
          // A deep green: white contrasts more.
          onPrimary: WHITE,
          radius: '12px',
          theme: 'dark',
          lang: 'de',
        });
      // The whole appearance was replaced, not merged: BRAND's type size is gone.
      expect((await look(host)).fontSize).toBe('15px');
      expect(await sameDocument(host)).toBe(true);
      // Back to no tokens at all, in English: the app's own light look.
      expect(await update(host, 'a', { appearance: { theme: 'light' }, locale: 'en' })).toBe('updated');
      await waitForFrameText(host, 'c1', 'Sign contract');
      await expect.poll(() => look(host)).toMatchObject({ ...APP_LIGHT, theme: 'light', lang: 'en' });
      expect(await sameDocument(host)).toBe(true);
      expect(await names(host, 'a')).toEqual(READY);
      // One app document, one session: the sandbox saw each request once.
      expect(requests.list().filter((r) => r === 'POST /embed/api/session')).toHaveLength(1);
      expect(requests.list().filter((r) => r === 'GET /embed')).toHaveLength(1);
    } finally {
      requests.stop();
    }
  });

  test("update(): a new locale keeps the signer's place: the decline form and its typed reason", async ({
    host,
    openSigned,
  }) => {
    await openSigned(host);
    await typeDeclineReason(host, 'Rate too high');
    await markDocument(host);
    expect(await update(host, 'a', { locale: 'de' })).toBe('updated');
    await waitForFrameText(host, 'c1', 'Diesen Vertrag ablehnen?');
    const typed = () => document.querySelector<HTMLTextAreaElement>('#decline-reason')!.value;
    expect(await host.evaluateInFrame(frameIn('c1'), typed)).toBe('Rate too high');
    expect(await sameDocument(host)).toBe(true);
    expect(await names(host, 'a')).toEqual(READY);
  });

  test('theme auto: the app follows the colour scheme its frame reports', async ({ host, openSigned }) => {
    await openSigned(host, { appearance: { theme: 'auto' } });
    const seen = await look(host);
    expect(seen).toMatchObject(seen.darkPreferred ? { theme: 'dark', ...APP_DARK } : { theme: 'light', ...APP_LIGHT });
  });

  test('theme auto: a change of the colour scheme restyles the running app live', async ({
    host,
    openSigned,
  }, testInfo) => {
    const emulate = host.emulateColorScheme;
    testInfo.skip(!emulate, 'the driver cannot emulate prefers-color-scheme here (docs/browser-support.md)');
    // Emulated for the page from now on, across its navigation.
    await emulate!('light');
    await openSigned(host, { appearance: { theme: 'auto' } });
    await markDocument(host);
    expect(await look(host)).toMatchObject({ theme: 'light', ...APP_LIGHT });
    await emulate!('dark');
    await expect.poll(() => look(host)).toMatchObject({ theme: 'dark', ...APP_DARK });
    await emulate!('light');
    await expect.poll(() => look(host)).toMatchObject({ theme: 'light', ...APP_LIGHT });
    expect(await sameDocument(host)).toBe(true);
  });

  test('the app checks every value again: what the SDK would refuse is ignored, the valid rest applied', async ({
    host,
    sandbox,
    hostUrl,
  }) => {
    await host.goto(hostUrl());
    await frameAppByHand(host, sandbox.origins.signing, {
      signingToken: adHocToken('complete'),
      dir: 'ltr',
      appearance: {
        theme: 'dark',
        variables: {
          colorPrimary: '#0b6e4f',
          // Not a #rrggbb colour: the pair with colorBackground goes with it.
          colorText: 'red',
          colorBackground: '#000000',
          colorDanger: 'rgb(1, 2, 3)',
          borderRadius: '8px; background: url(https://evil.test/x)',
          fontSizeBase: '40px',
          spacingUnit: '3px',
        },
      },
    });
    expect(await look(host)).toMatchObject({
      ...APP_DARK,
      theme: 'dark',
      primary: 'rgb(11, 110, 79)',
      onPrimary: WHITE,
      radius: '6px',
      fontSize: '15px',
      spacingTop: '15px',
    });
    // An update: a pair below 4.5:1, a wrong direction and locale are ignored; the valid size applies.
    const variables = { colorText: '#000000', colorBackground: '#111111', fontSizeBase: '16px' };
    const fields = { appearance: { theme: 'light', variables }, dir: 'sideways', locale: 'not a locale!' };
    await host.evaluate(
      (fields) => window.__appPort!.postMessage({ protocol: 'svc-contracts', version: 1, type: 'update', ...fields }),
      fields,
    );
    await expect.poll(async () => (await look(host)).fontSize).toBe('16px');
    expect(await look(host)).toMatchObject({ ...APP_LIGHT, theme: 'light', direction: 'ltr', lang: 'en' });
    // Applied in place: no second loaded or ready, as a reloaded app would send.
    const sent = await host.evaluate(() => window.__appMessages!);
    expect(sent.filter((type) => type === 'loaded' || type === 'ready')).toEqual(['loaded', 'ready']);
    expect(await host.evaluateInFrame(frameIn('c1'), () => performance.getEntriesByType('navigation').length)).toBe(1);
  });
}
