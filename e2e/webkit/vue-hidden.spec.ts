// <svc-contract-signing hidden> in a real Vue 3 app (Vite production build) in WebKit.
import { elementHiddenScenarios } from '../scenarios/element-hidden';
import { elementWebkitTest } from '../support/element-fixture';

elementHiddenScenarios(elementWebkitTest(['vue']), 'vue');
