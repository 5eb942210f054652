// axe-core scans of the partner demo page and of the sandbox signing app in its frame (axe follows iframes):
// no violation of impact serious or critical, in each state a signer sees.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { adHocToken, expect, test } from './support/fixtures';
import { createInstance, open, signingFrame, waitFor } from './support/sdk-driver';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Scans `include` (or the whole page, frames included) and fails with every serious or critical violation.
 * Serious or critical checks axe could not finish ("incomplete", e.g. a contrast it could not measure) fail
 * too: an unverified check must not pass as a clean one.
 */
async function expectNoSeriousViolations(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations, incomplete } = await builder.analyze();
  const blocking = [...violations.map((v) => ({ ...v, outcome: 'violation' })), ...incomplete.map((v) => ({ ...v, outcome: 'incomplete' }))]
    .filter((v) => BLOCKING.has(String(v.impact)))
    .map((v) => ({ outcome: v.outcome, id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, summary: n.failureSummary })) }));
  expect(blocking, `axe findings:\n${JSON.stringify(blocking, null, 2)}`).toEqual([]);
}

test('partner demo page: no serious or critical axe violation, before and with a signing session', async ({ page, sandbox }) => {
  await page.goto(sandbox.urls.demo);
  await expect(page.locator('#log tr[data-event="demo: SDK loaded"]')).toHaveCount(1);
  await expectNoSeriousViolations(page);

  await page.getByLabel('Scenario').selectOption('complete');
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(page.frameLocator('#signing-container iframe').getByRole('button', { name: 'Sign contract' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

const APP_STATES = [
  { name: 'contract (English)', token: 'complete', config: {}, shown: 'Sign contract', role: 'button' },
  { name: 'contract (German)', token: 'complete', config: { locale: 'de' }, shown: 'Vertrag unterschreiben', role: 'button' },
  { name: 'error page', token: 'verification_required', config: {}, shown: 'This contract cannot be signed here', role: 'heading' },
] as const;

for (const state of APP_STATES) {
  test(`signing app in its frame, ${state.name}: no serious or critical axe violation`, async ({ page, sandbox, hostUrl }) => {
    await page.goto(hostUrl());
    await createInstance(page, 'a', 'c1', { signingToken: adHocToken(state.token), appUrl: sandbox.origins.signing, ...state.config });
    await open(page, 'a');
    await waitFor(page, 'a', 'open.resolved');
    await expect(signingFrame(page, 'c1').getByRole(state.role, { name: state.shown })).toBeVisible();
    await expectNoSeriousViolations(page, '#c1');
  });
}

test('signing app in its frame, signed view: no serious or critical axe violation', async ({ page, sandbox, hostUrl }) => {
  await page.goto(hostUrl());
  await createInstance(page, 'a', 'c1', { signingToken: adHocToken('complete'), appUrl: sandbox.origins.signing });
  await open(page, 'a');
  await waitFor(page, 'a', 'contract.ready');
  await signingFrame(page, 'c1').getByRole('button', { name: 'Sign contract' }).click();
  await waitFor(page, 'a', 'contract.completed');
  await expect(signingFrame(page, 'c1').getByRole('heading', { name: 'Contract signed' })).toBeVisible();
  await expectNoSeriousViolations(page, '#c1');
});
