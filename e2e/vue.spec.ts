// <svc-contract-signing> in a real Vue 3 app (Vite production build, contracts-sdk from the registry): Chromium, Firefox.
import { elementHiddenScenarios, elementScenarios } from './scenarios/element-apps';
import { elementTest } from './support/client-app-fixtures';

const test = elementTest(['vue']);
elementScenarios(test, 'vue');
elementHiddenScenarios(test, 'vue');
