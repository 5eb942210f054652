// Every cross-engine scenario, registered by e2e/scenarios.spec.ts (Chromium, Firefox) and
// e2e/webkit/scenarios.spec.ts (WebKit). A new scenario goes in one of these modules and runs in all three.
import { appearanceScenarios } from './appearance';
import { autoHeightScenarios } from './auto-height';
import { errorScenarios } from './errors';
import { hiddenPageScenarios } from './hidden-page';
import { hostedFontScenarios } from './hosted-fonts';
import { lifecycleScenarios } from './lifecycle';
import { loadingScenarios } from './loading';
import { optionsScenarios } from './options';
import { outcomeScenarios } from './outcomes';
import type { ScenarioTest } from './scenario-test';
import { securityScenarios } from './security';
import { sessionRecoveryScenarios } from './session-recovery';
import { sessionSurvivalScenarios } from './session-survival';
import { setupErrorScenarios } from './setup-errors';
import { signingScenarios } from './signing';

export function registerScenarios(test: ScenarioTest): void {
  loadingScenarios(test);
  signingScenarios(test);
  outcomeScenarios(test);
  errorScenarios(test);
  setupErrorScenarios(test);
  lifecycleScenarios(test);
  securityScenarios(test);
  sessionRecoveryScenarios(test);
  optionsScenarios(test);
  autoHeightScenarios(test);
  sessionSurvivalScenarios(test);
  hiddenPageScenarios(test);
  appearanceScenarios(test);
  hostedFontScenarios(test);
}
