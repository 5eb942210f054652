// The framework apps and backends in WebKit: the React production builds (Vite's dev server needs no third engine),
// Vue (shown and hidden), the Next.js, SvelteKit and Nuxt apps, and docs/server-rendered.md's Django and PHP blocks.
import { backendScenarios } from '../scenarios/backends';
import { elementHiddenScenarios, elementScenarios } from '../scenarios/element-apps';
import { nextScenarios } from '../scenarios/next';
import { nuxtScenarios } from '../scenarios/nuxt';
import { reactScenarios } from '../scenarios/react';
import { sveltekitScenarios } from '../scenarios/sveltekit';
import { backendWebkitTest, nextWebkitTest, nuxtWebkitTest, sveltekitWebkitTest } from '../support/app-fixtures';
import { elementWebkitTest, reactWebkitTest } from '../support/client-app-fixtures';

reactScenarios(reactWebkitTest, ['react-19', 'react-18']);
const vueTest = elementWebkitTest(['vue']);
elementScenarios(vueTest, 'vue');
elementHiddenScenarios(vueTest, 'vue');
nextScenarios(nextWebkitTest);
sveltekitScenarios(sveltekitWebkitTest);
nuxtScenarios(nuxtWebkitTest);
backendScenarios(backendWebkitTest('django'), 'Django');
backendScenarios(backendWebkitTest('php'), 'PHP');
