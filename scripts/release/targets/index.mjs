// Chooses the target implementation from --dest: `s3://...` is a bucket, anything else a directory.
import { openDirectoryTarget } from './directory.mjs';
import { openS3Target } from './s3.mjs';
import { ReleaseError } from '../report.mjs';

/**
 * Every target offers: kind, id (recorded in the manifest), description, check() → warnings,
 * get(key) → {body, lastModified} | null, createOnly(key, bytes, headers) → 'created' | 'exists',
 * put(key, bytes, headers), listDirectories(prefixKey) → names, close().
 */
export function openTarget(dest, { env = process.env, s3Client } = {}) {
  if (/^s3:/i.test(dest)) return openS3Target(dest, { env, client: s3Client });
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(dest)) {
    throw new ReleaseError(
      `unsupported target "${dest}"`,
      'use a directory path (the origin document root) or s3://bucket[/prefix]',
    );
  }
  return openDirectoryTarget(dest);
}

/** Wraps a target so that any write throws: dry runs use it, so "writes nothing" holds even if a step is wrong. */
export function readOnly(target) {
  const refuse = (key) => {
    throw new Error(`internal error: dry run attempted to write ${key}`);
  };
  return { ...target, createOnly: refuse, put: refuse };
}
