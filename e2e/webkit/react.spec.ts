// The React component in a real React app in WebKit: the production builds (Vite's dev server needs no third engine).
import { reactScenarios } from '../scenarios/react';
import { reactWebkitTest } from '../support/react-fixture';

reactScenarios(reactWebkitTest, ['react-19', 'react-18']);
