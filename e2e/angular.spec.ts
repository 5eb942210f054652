// <svc-contract-signing> in a real Angular app (ng build, production, contracts-sdk from the registry): Chromium.
import { elementScenarios } from './scenarios/element-apps';
import { elementTest } from './support/client-app-fixtures';

elementScenarios(elementTest(['angular']), 'angular');
