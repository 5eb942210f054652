// Retry, close/destroy, several instances on one page, and frame sizing.
import { adHocToken, expect, issueToken, test } from './support/fixtures';
import { call, createInstance, frameCount, names, open, recorded, signingFrame, waitFor } from './support/sdk-driver';

test('retry: flaky fails once with loading_error; open() from the error handler reaches ready', async ({ page, sandbox, hostUrl }) => {
  await page.goto(hostUrl());
  await createInstance(page, 'a', 'c1', { signingToken: adHocToken('flaky'), contractId: 'retry-1', appUrl: sandbox.origins.signing });
  await page.evaluate(() => {
    const rec = (window as any).__rec;
    const instance = rec.instances.a;
    let retried = false;
    instance.on('contract.error', (payload: { code: string }) => {
      if (payload.code === 'loading_error' && !retried) {
        retried = true;
        instance.open().then(() => rec.log.push({ id: 'a', event: 'retry.resolved', at: performance.now() }));
      }
    });
  });
  await open(page, 'a');
  await waitFor(page, 'a', 'retry.resolved');
  const log = await recorded(page, 'a');
  expect(log.filter((e) => e.event.startsWith('contract.')).map((e) => e.event)).toEqual([
    'contract.loading',
    'contract.error',
    'contract.loading',
    'contract.loaded',
    'contract.ready',
  ]);
  expect(log.find((e) => e.event === 'contract.error')!.payload).toMatchObject({ code: 'loading_error', contractId: 'retry-1' });
  // The first open() settled after its error handlers ran; the retry resolved on ready.
  expect(log.map((e) => e.event)).toContain('open.resolved');
  expect(await frameCount(page, 'c1')).toBe(1);
  await expect(signingFrame(page, 'c1').getByRole('button', { name: 'Sign contract' })).toBeVisible();
});

test('close() restores the container and open() works again; destroy() then open() rejects', async ({ page, sandbox, hostUrl }) => {
  await page.goto(hostUrl());
  const snapshot = () => page.locator('#c1').evaluate((el) => el.outerHTML);
  const before = await snapshot();
  await createInstance(page, 'a', 'c1', { signingToken: adHocToken('complete'), contractId: 'cycle', appUrl: sandbox.origins.signing });
  await open(page, 'a');
  await waitFor(page, 'a', 'contract.ready');
  expect(await frameCount(page, 'c1')).toBe(1);

  await call(page, 'a', 'close');
  expect(await snapshot()).toBe(before);

  await open(page, 'a');
  await waitFor(page, 'a', 'contract.ready', 2);
  expect(await frameCount(page, 'c1')).toBe(1);
  await expect(signingFrame(page, 'c1').getByRole('button', { name: 'Sign contract' })).toBeVisible();
  expect((await names(page, 'a')).filter((n) => n.startsWith('contract.'))).toEqual([
    'contract.loading',
    'contract.loaded',
    'contract.ready',
    'contract.loading',
    'contract.loaded',
    'contract.ready',
  ]);

  await call(page, 'a', 'destroy');
  expect(await snapshot()).toBe(before);
  await open(page, 'a');
  await waitFor(page, 'a', 'open.rejected');
  const rejected = (await recorded(page, 'a')).find((e) => e.event === 'open.rejected')!;
  expect(String(rejected.payload!.message)).toMatch(/destroy/);
  expect(await frameCount(page, 'c1')).toBe(0);
  // destroy() released the container: a new instance may use it.
  await createInstance(page, 'b', 'c1', { signingToken: adHocToken('complete'), appUrl: sandbox.origins.signing });
  await open(page, 'b');
  await waitFor(page, 'b', 'contract.ready');
});

test('two instances on one page, different scenarios: each sees only its own events', async ({ page, sandbox, hostUrl }) => {
  await page.goto(hostUrl());
  const { applicationId, token } = await issueToken(sandbox, 'complete');
  await createInstance(page, 'one', 'c1', { signingToken: token, contractId: 'contract-one', appUrl: sandbox.origins.signing });
  await createInstance(page, 'two', 'c2', { signingToken: adHocToken('not_found'), contractId: 'contract-two', appUrl: sandbox.origins.signing });
  await open(page, 'one');
  await open(page, 'two');
  await waitFor(page, 'one', 'open.resolved');
  await waitFor(page, 'two', 'open.resolved');
  await signingFrame(page, 'c1').getByRole('button', { name: 'Sign contract' }).click();
  await waitFor(page, 'one', 'contract.completed');
  // A later, awaited thing than any stray port message: the service's webhook for that signature arrived.
  await expect.poll(() => sandbox.confirmations().some((c) => c.applicationId === applicationId)).toBe(true);

  const one = await recorded(page, 'one');
  const two = await recorded(page, 'two');
  expect(one.map((e) => e.event)).toEqual(['contract.loading', 'contract.loaded', 'contract.ready', 'open.resolved', 'contract.completed']);
  expect(two.map((e) => e.event)).toEqual(['contract.loading', 'contract.loaded', 'contract.error', 'open.resolved']);
  expect(two.find((e) => e.event === 'contract.error')!.payload).toMatchObject({ code: 'not_found' });
  for (const entry of one.filter((e) => e.payload)) expect(entry.payload!.contractId).toBe('contract-one');
  for (const entry of two.filter((e) => e.payload)) expect(entry.payload!.contractId).toBe('contract-two');
});

test('width and height: a number becomes pixels, a string is applied as written', async ({ page, sandbox, hostUrl }) => {
  await page.goto(hostUrl());
  await createInstance(page, 'px', 'c1', { signingToken: adHocToken('complete'), appUrl: sandbox.origins.signing, width: 640, height: '22rem' });
  await createInstance(page, 'pct', 'c2', { signingToken: adHocToken('complete'), appUrl: sandbox.origins.signing, width: '75%', height: 300 });
  await open(page, 'px');
  await open(page, 'pct');
  await waitFor(page, 'px', 'contract.ready');
  await waitFor(page, 'pct', 'contract.ready');
  const measure = (id: string) =>
    page.locator(`#${id} iframe`).evaluate((frame: HTMLIFrameElement) => {
      const box = frame.getBoundingClientRect();
      return { width: frame.style.width, height: frame.style.height, box: { width: box.width, height: box.height } };
    });
  // host.css makes each container 800px wide; the root font size is 16px.
  expect(await measure('c1')).toEqual({ width: '640px', height: '22rem', box: { width: 640, height: 352 } });
  expect(await measure('c2')).toEqual({ width: '75%', height: '300px', box: { width: 600, height: 300 } });
});
