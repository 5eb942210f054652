// @vitest-environment node
// The documented nginx config (directory origins) must serve the same headers as the S3 object metadata.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_CONTROL_ALIAS, CACHE_CONTROL_PINNED, MANIFEST_KEY, contentTypeOf, headersFor, keyOf } from '../../scripts/release/layout.mjs';
import { ROOT } from './helpers';

const nginx = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');

/** The body of the `location ~ "<regex>" { ... }` block whose regex matches `path`. */
function locationFor(path: string): string {
  for (const match of nginx.matchAll(/location ~ "([^"]+)" \{([^}]*)\}/g)) {
    if (new RegExp(match[1]).test(path)) return match[2];
  }
  throw new Error(`no location in deploy/nginx.conf matches ${path}`);
}

describe('deploy/nginx.conf', () => {
  it('serves pinned files immutable and the alias for 5 minutes, both with CORS', () => {
    for (const name of ['index.umd.js', 'index.umd.js.map', 'index.umd.js.integrity', 'index.d.ts']) {
      const block = locationFor(`/${keyOf('1.4.0-rc.1', name)}`);
      expect(block).toContain(`add_header Cache-Control "${CACHE_CONTROL_PINNED}";`);
      expect(block).toContain('add_header Access-Control-Allow-Origin "*" always;');
    }
    for (const name of ['index.umd.js', 'index.umd.js.map']) {
      const block = locationFor(`/${keyOf('v1', name)}`);
      expect(block).toContain(`add_header Cache-Control "${CACHE_CONTROL_ALIAS}";`);
      expect(block).toContain('add_header Access-Control-Allow-Origin "*" always;');
    }
    const manifest = locationFor(`/${MANIFEST_KEY}`);
    expect(manifest).toContain(`add_header Cache-Control "${headersFor('versions.json', 'manifest').cacheControl}";`);
    expect(manifest).toContain('add_header Access-Control-Allow-Origin "*" always;');
    expect(() => locationFor(`/${keyOf('v1', 'index.umd.js.integrity')}`)).toThrow();
    expect(() => locationFor(`/${keyOf('1.0.0', '.index.umd.js.123.tmp')}`)).toThrow();
  });

  it('declares the same Content-Types (with charset=utf-8) as the S3 metadata', () => {
    expect(nginx).toContain('charset utf-8;');
    for (const [extension, name] of [['js', 'index.umd.js'], ['map', 'index.umd.js.map'], ['integrity', 'index.umd.js.integrity'], ['ts', 'index.d.ts'], ['json', 'versions.json']]) {
      const type = contentTypeOf(name).split(';')[0];
      expect(nginx).toMatch(new RegExp(`\\n\\s+${type.replace('/', '\\/')} [a-z ]*\\b${extension}[a-z ]*;`));
      expect(contentTypeOf(name)).toBe(`${type}; charset=utf-8`);
      expect(nginx).toMatch(new RegExp(`charset_types[^;]*${type.replace('/', '\\/')}`));
    }
  });
});
