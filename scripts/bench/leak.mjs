// The memory figures: the bench runs e2e/leak.spec.ts, the project's one leak harness (the check `npm test` runs),
// in Chromium through `npm run test:e2e`, and reads the figures the spec writes (LEAK_FIGURES_FILE). Counts: the
// spec's own unless --cycles, --prepare-cycles or --instances say otherwise.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';

const SPEC = 'e2e/leak.spec.ts';

/** Runs the leak spec and returns its figures; a leak is reported (the spec fails after writing them), not thrown. */
export async function leakFigures({ cycles, prepareCycles, instances, progress }) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-leak-'));
  const figuresFile = join(dir, 'figures.json');
  const env = { ...process.env, LEAK_FIGURES_FILE: figuresFile, E2E_OUTPUT_DIR: join(dir, 'results') };
  if (cycles !== undefined) env.LEAK_CYCLES = String(cycles);
  if (prepareCycles !== undefined) env.LEAK_PREPARE_CYCLES = String(prepareCycles);
  if (instances !== undefined) env.LEAK_INSTANCES = String(instances);
  try {
    const output = [];
    const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts', 'test-e2e.mjs'), '--engine=chromium', SPEC], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => output.push(String(chunk)));
    child.stderr.on('data', (chunk) => output.push(String(chunk)));
    const code = await new Promise((resolve) => child.on('close', resolve));
    const printed = output.join('');
    for (const line of printed.split('\n')) if (line.startsWith('leak check:')) progress(line);
    let figures;
    try {
      figures = JSON.parse(readFileSync(figuresFile, 'utf8'));
    } catch {
      throw new Error(`${SPEC} wrote no figures (exit ${code}):\n${printed}`);
    }
    // As before the harness was shared: an open that did not reach ready means the cycles proved nothing.
    if (figures.failures) throw new Error(`memory: ${figures.failures} opens ended in contract.error instead of ready`);
    if (code !== 0) progress(`${SPEC} failed (exit ${code}): its figures are reported, the targets say what missed`);
    return { ...figures, source: SPEC };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
