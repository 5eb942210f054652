// <svc-contract-signing> in a real Vue 3 app (Vite production build, contracts-sdk from the registry): Chromium, Firefox.
import { elementHiddenScenarios, elementScenarios } from './scenarios/element-apps';
import { elementTest } from './support/element-fixture';

const test = elementTest(['vue']);
elementScenarios(test, 'vue');
elementHiddenScenarios(test, 'vue');
