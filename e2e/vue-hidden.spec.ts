// <svc-contract-signing hidden> in a real Vue 3 app (Vite production build, contracts-sdk from the registry).
import { elementHiddenScenarios } from './scenarios/element-hidden';
import { elementTest } from './support/element-fixture';

elementHiddenScenarios(elementTest(['vue']), 'vue');
