// <svc-contract-signing> in a real Vue 3 app (Vite production build) in WebKit.
import { elementScenarios } from '../scenarios/element-apps';
import { elementWebkitTest } from '../support/element-fixture';

elementScenarios(elementWebkitTest(['vue']), 'vue');
