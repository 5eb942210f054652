// <svc-contract-signing> in a real Vue 3 app (Vite production build, contracts-sdk from the registry): Chromium, Firefox.
import { elementScenarios } from './scenarios/element-apps';
import { elementTest } from './support/element-fixture';

elementScenarios(elementTest(['vue']), 'vue');
