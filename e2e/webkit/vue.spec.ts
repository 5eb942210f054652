// <svc-contract-signing> in a real Vue 3 app (Vite production build) in WebKit.
import { elementHiddenScenarios, elementScenarios } from '../scenarios/element-apps';
import { elementWebkitTest } from '../support/element-fixture';

const test = elementWebkitTest(['vue']);
elementScenarios(test, 'vue');
elementHiddenScenarios(test, 'vue');
