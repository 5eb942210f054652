// The Django backend's Python: a venv made with pip from e2e/apps/django-backend/requirements.txt (exact pins),
// once per requirements file and Python, in .cache/django-venv/<key>, by the first worker that needs it (the others
// wait for its lock). Nothing is installed for a run that does not start the Django backend.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../lib/repo-paths.mjs';
import { timed, withBuildLock } from './framework-apps';

const run = promisify(execFile);
export const DJANGO_REQUIREMENTS = join(REPO_ROOT, 'e2e', 'apps', 'django-backend', 'requirements.txt');
/** The Python the venv is made from: python3 on the PATH (3.11 on the project's machines), unless set. */
const PYTHON = process.env.E2E_PYTHON || 'python3';

/** The venv's python, made first if needed. */
export async function djangoPython(): Promise<string> {
  const { stdout: version } = await run(PYTHON, ['--version']);
  const key = createHash('sha256').update(version).update(readFileSync(DJANGO_REQUIREMENTS)).digest('hex').slice(0, 16);
  const venv = join(REPO_ROOT, '.cache', 'django-venv', key);
  const python = join(venv, 'bin', 'python');
  if (existsSync(join(venv, '.built'))) return python;
  return withBuildLock('django-venv', async () => {
    if (existsSync(join(venv, '.built'))) return python;
    rmSync(venv, { recursive: true, force: true });
    await timed('django-venv: pip install', async () => {
      await run(PYTHON, ['-m', 'venv', venv]);
      await run(python, ['-m', 'pip', 'install', '--quiet', '-r', DJANGO_REQUIREMENTS]);
    });
    writeFileSync(join(venv, '.built'), '');
    return python;
  });
}
