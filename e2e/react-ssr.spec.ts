// Server rendering of <ContractSigning> with react-dom/server in Node, in the partner projects the React tests
// install from the registry (React 19 and 18): the component renders its empty container and starts nothing.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { reactApp, type ReactMajor } from './support/react-apps';

const run = promisify(execFile);

const SCRIPT = `
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRequire } from 'node:module';
const { ContractSigning } = await import('contracts-sdk/react');
const cjs = createRequire(process.cwd() + '/')('contracts-sdk/react');
const element = (component) => createElement(component, { signingToken: 'sbx_secret_token', className: 'signing', onCompleted: () => {} });
console.log(JSON.stringify({
  window: typeof window,
  react: (await import('react')).version,
  esm: renderToString(element(ContractSigning)),
  cjs: renderToString(element(cjs.ContractSigning)),
}));`;

for (const major of [19, 18] as ReactMajor[]) {
  test(`React ${major}: renderToString(<ContractSigning>) in Node renders the empty container, without the token`, async () => {
    test.setTimeout(240_000); // the first test of a run installs (and builds) the partner project
    const { projectDir } = await reactApp(major);
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: projectDir });
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({
      window: 'undefined',
      esm: '<div class="signing"></div>',
      cjs: '<div class="signing"></div>',
    });
    expect(result.react.split('.')[0]).toBe(String(major));
  });
}
