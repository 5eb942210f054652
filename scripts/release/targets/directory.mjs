// A directory origin (the document root an nginx or similar server serves; see deploy/nginx.conf for the
// headers). Pinned files are created with link(2), which fails if the name exists, so two concurrent releases of
// one version cannot both write it, and readers never see a half-written pinned file. Alias files are replaced
// with rename(2), which is atomic per file.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ReleaseError } from '../report.mjs';

export function openDirectoryTarget(dest) {
  const root = path.resolve(dest);

  function fileOf(key) {
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) throw new Error(`key escapes the target root: ${key}`);
    return file;
  }

  async function writeTemp(file, bytes) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Dot-prefixed so deploy/nginx.conf never serves it, even in the instant before it is renamed or removed.
    const temp = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
    );
    await fs.writeFile(temp, bytes, { mode: 0o644, flag: 'wx' });
    return temp;
  }

  return {
    kind: 'directory',
    id: root,
    description: `directory ${root}`,

    async check() {
      let stat;
      try {
        stat = await fs.stat(root);
      } catch (error) {
        if (error.code === 'ENOENT') {
          throw new ReleaseError(
            `target directory ${root} does not exist`,
            'pass the existing document root of the origin (create it first if this is a new origin); a typo must not create a new tree',
          );
        }
        throw error;
      }
      if (!stat.isDirectory())
        throw new ReleaseError(
          `target ${root} is not a directory`,
          'pass the document root directory, or s3://bucket/prefix',
        );
      return [];
    },

    /** `{ body: Buffer, lastModified: Date }` or null when absent. */
    async get(key) {
      const file = fileOf(key);
      try {
        const [body, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
        return { body, lastModified: stat.mtime };
      } catch (error) {
        if (error.code === 'ENOENT') return null;
        throw error;
      }
    },

    /** Creates the file only if absent. Returns 'created' or 'exists' (never overwrites). */
    async createOnly(key, bytes) {
      const file = fileOf(key);
      const temp = await writeTemp(file, bytes);
      try {
        await fs.link(temp, file);
        return 'created';
      } catch (error) {
        if (error.code === 'EEXIST') return 'exists';
        throw error;
      } finally {
        await fs.rm(temp, { force: true });
      }
    },

    /** Replaces the file atomically (alias files). */
    async put(key, bytes) {
      const file = fileOf(key);
      const temp = await writeTemp(file, bytes);
      try {
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },

    /** Names of the sub-directories of `prefixKey` (e.g. the version and alias directories). */
    async listDirectories(prefixKey) {
      try {
        const entries = await fs.readdir(fileOf(prefixKey), { withFileTypes: true });
        return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
      } catch (error) {
        if (error.code === 'ENOENT') return [];
        throw error;
      }
    },

    async close() {},
  };
}
