// What a cross-engine scenario module registers its tests with: Playwright's `test` (Chromium, Firefox) or
// `webkitTest` (WebKit), both from support/fixtures.ts. A module exports `(test: ScenarioTest) => void`.
import type { TestInfo } from '@playwright/test';
import type { Harness, Sandbox, ScenarioFixtures } from '../support/fixtures';
import type { PlainPages } from '../support/plain-pages';

export type ScenarioArgs = ScenarioFixtures & { sandbox: Sandbox; harness: Harness; plainPages: PlainPages };

export type ScenarioTest = (title: string, body: (args: ScenarioArgs, testInfo: TestInfo) => Promise<void>) => void;
