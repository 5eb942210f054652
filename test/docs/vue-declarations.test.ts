// @vitest-environment node
// docs/frameworks.md's declaration file for Vue templates (block "vue-declarations"), under vue-tsc (pinned by the
// e2e/apps/nuxt workspace) in a partner's project with the built package (`npm run build`): the element's options
// type-check, and binding the token in a template is an error, spelled any way Vue reads it. Without the block's
// `signingToken?: never`, vue-tsc accepts every one of those bindings as a fallthrough attribute (the second test):
// a server would write the token into the page's HTML.
import { execFile } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { snippet } from '../../lib/doc-snippets.mjs';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { scratchFolder } from './ssr/token-check';

const run = promisify(execFile);
const VUE_TSC = createRequire(join(REPO_ROOT, 'e2e', 'apps', 'nuxt', 'package.json')).resolve('vue-tsc/bin/vue-tsc.js');
// vue-tsc loads TypeScript, Vue's language tools and the project: seconds alone, longer in a loaded full run.
const SLOW_MS = 120_000;
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    module: 'ESNext',
    moduleResolution: 'Bundler',
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    types: [],
    noEmit: true,
  },
  include: ['src/**/*'],
};

/** A component with `binding` on the element (none: only its options, as the docs' pages write them). */
const component = (binding = '') => `<script setup lang="ts">
const token = 'sbx_token';
const tokenUrl = '/api/signing-token';
</script>
<template>
  <svc-contract-signing :token-url="tokenUrl" contract-id="loan-42" height="auto" :load-timeout="15000" ${binding} />
</template>
`;
const BINDINGS = {
  'SigningTokenKebab.vue': ':signing-token="token"',
  'SigningTokenCamel.vue': ':signingToken="token"',
  'SigningTokenProp.vue': '.signingToken="token"',
};

const scratch = scratchFolder('vue-declarations');
afterAll(scratch.remove);

/** vue-tsc's errors for the project with `declarations` as src/svc-elements.d.ts, as `File.vue(line): TSxxxx`. */
async function vueTscErrors(declarations: string): Promise<string[]> {
  const dir = join(scratch.dir, `project-${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(REPO_ROOT, 'dist', 'npm', 'contracts-sdk'), join(dir, 'node_modules', 'contracts-sdk'), 'dir');
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  writeFileSync(join(dir, 'src', 'svc-elements.d.ts'), declarations);
  writeFileSync(join(dir, 'src', 'Options.vue'), component());
  for (const [file, binding] of Object.entries(BINDINGS)) writeFileSync(join(dir, 'src', file), component(binding));
  // It exits with 2 when it found errors: its report is what counts.
  const { stdout = '', stderr = '' } = await run(process.execPath, [VUE_TSC, '-p', 'tsconfig.json'], {
    cwd: dir,
  }).catch((error) => error);
  if (stderr) throw new Error(`vue-tsc failed:\n${stderr}`);
  return String(stdout)
    .split('\n')
    .filter((line) => / error TS\d+:/.test(line))
    .map((line) => line.replace(/^src\//, '').replace(/,\d+\): error (TS\d+):.*/, '): $1'));
}

describe("the docs' Vue declaration file under vue-tsc", () => {
  const declarations = snippet('docs/frameworks.md', 'vue-declarations');

  it(
    'types the options, and flags the token bound in a template as :signing-token, :signingToken or .signingToken',
    async () => {
      expect(await vueTscErrors(declarations)).toEqual(
        Object.keys(BINDINGS)
          .sort()
          .map((file) => `${file}(6): TS2322`),
      );
    },
    SLOW_MS,
  );

  it(
    'without `signingToken?: never`, vue-tsc accepts every one of those bindings',
    async () => {
      const open = declarations.replace(' & { signingToken?: never }', '');
      expect(open, 'the line is in the block').not.toBe(declarations);
      expect(await vueTscErrors(open)).toEqual([]);
    },
    SLOW_MS,
  );
});
