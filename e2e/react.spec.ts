// The React component in a real React app (Vite, from the registry) in the Playwright engines: Chromium, Firefox.
import { reactScenarios } from './scenarios/react';
import { reactTest } from './support/client-app-fixtures';

reactScenarios(reactTest, ['react-19', 'react-18', 'react-dev']);
