// @vitest-environment node
// The docs' Angular example ("angular-example") rendered by @angular/platform-server's renderApplication with client
// hydration on, as an Angular SSR server does (angular-render.mjs, in its own Node process: Angular 21 of the
// e2e/apps/angular workspace, compiled just in time), with a real sandbox token for its `signingToken` input (a
// string, then a function): no 12-character piece of the token, and no attribute spelled like the token property,
// is in the page, its hydration data (`ngh`, the `ng-state` script) included. Angular sets `[signingToken]` as a
// property, which its server DOM never serialises. Reads the built package (`npm run build`).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sandboxToken, tokenLeaks } from './token-check';

const run = promisify(execFile);

describe("the docs' Angular example rendered on the server", () => {
  it('renderApplication with client hydration: no piece of the token in the page or its hydration data', async () => {
    const token = sandboxToken();
    const { stdout } = await run(process.execPath, [join(__dirname, 'angular-render.mjs')], {
      env: { ...process.env, SSR_TOKEN: token },
    });
    const pages: Record<string, string> = JSON.parse(stdout.trim().split('\n').at(-1)!);
    for (const [kind, html] of Object.entries(pages)) {
      expect(html, `${kind}: the example rendered, with its hydration data`).toMatch(
        /<svc-contract-signing [^>]*contract-id="loan-42"[\s\S]*<script id="ng-state"/,
      );
      expect(tokenLeaks(html, token), kind).toEqual([]);
    }
    expect(Object.keys(pages)).toEqual(['string', 'function']);
  }, 120_000); // a Node process that compiles Angular just in time: seconds, more on a loaded machine
});
