// Command-line parsing for `npm run release` and `npm run release:rollback`.
import { parseArgs } from 'node:util';
import { UsageError } from './report.mjs';

const COMMON = {
  dest: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  manifest: { type: 'string' },
  'public-url': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
};

export const RELEASE_USAGE = `Usage: npm run release -- --dest <target> [options]

Builds the SDK from the working tree, verifies it, publishes the pinned version, moves the v<major>/ alias
when this is the highest version of its major, updates the manifest (locally and on the origin), publishes the
npm package once the origin is verified, and prints the script tags.

  --dest <target>       origin document root (a directory) or s3://bucket[/prefix]   (required)
  --allow-dirty         release even if the git working tree has uncommitted or untracked changes
  --dry-run             build and verify, then print every action without writing anything
  --manifest <path>     manifest to update (default: packages/contracts-sdk/versions.json)
  --public-url <url>    public origin for the printed snippet, e.g. https://cdn.example.com
                        (default: $SDK_PUBLIC_URL; without either, root-relative paths are printed)
  --npm-registry <url>  also publish the npm package contracts-sdk@<version> to this registry, e.g.
                        https://registry.npmjs.org/ (credentials from your npm config; without the flag,
                        no npm publish)
  -h, --help            show this help`;

export const ROLLBACK_USAGE = `Usage: npm run release:rollback -- --dest <target> --to <version> [options]

Points the v<major>/ alias back to an already published version of the same major and records it in the
manifest. Pinned files are never touched.

  --dest <target>       origin document root (a directory) or s3://bucket[/prefix]   (required)
  --to <version>        published, non-prerelease version the alias must serve       (required)
  --dry-run             print every action without writing anything
  --manifest <path>     manifest to update (default: packages/contracts-sdk/versions.json)
  --public-url <url>    public origin for the printed snippet (default: $SDK_PUBLIC_URL)
  -h, --help            show this help`;

export function parseReleaseArgs(argv, env = process.env) {
  const values = parse(argv, {
    ...COMMON,
    'allow-dirty': { type: 'boolean', default: false },
    'npm-registry': { type: 'string' },
  });
  if (values.help) return { help: true };
  return {
    help: false,
    dest: requireDest(values.dest),
    allowDirty: values['allow-dirty'],
    dryRun: values['dry-run'],
    manifestPath: values.manifest,
    publicUrl: publicUrlOf(values['public-url'], env),
    npmRegistry: npmRegistryOf(values['npm-registry']),
  };
}

export function parseRollbackArgs(argv, env = process.env) {
  const values = parse(argv, { ...COMMON, to: { type: 'string' } });
  if (values.help) return { help: true };
  if (!values.to) throw new UsageError('missing --to <version>: the published version the alias must point to');
  return {
    help: false,
    dest: requireDest(values.dest),
    to: values.to,
    dryRun: values['dry-run'],
    manifestPath: values.manifest,
    publicUrl: publicUrlOf(values['public-url'], env),
  };
}

function parse(argv, options) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    // parseArgs messages already name the flag ("Unknown option '--dets'"); keep them, drop the stack.
    throw new UsageError(error.message);
  }
}

function requireDest(dest) {
  if (!dest) {
    throw new UsageError(
      'missing --dest <target> (with npm, put the flags after "--": npm run release -- --dest <target>)',
    );
  }
  return dest;
}

function publicUrlOf(flag, env) {
  const value = flag ?? env.SDK_PUBLIC_URL ?? '';
  if (value === '') return '';
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--public-url must be an absolute URL such as https://cdn.example.com, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`--public-url must use https: (or http: for local testing), got "${value}"`);
  }
  if (url.search || url.hash) {
    throw new UsageError(`--public-url must not have a query or fragment, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function npmRegistryOf(value) {
  if (value === undefined) return undefined;
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--npm-registry must be an absolute URL such as https://registry.npmjs.org/, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`--npm-registry must use https: (or http: for a local registry), got "${value}"`);
  }
  return url.href;
}
