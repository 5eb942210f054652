// @vitest-environment node
// The write primitives the immutability of pins rests on: create-only on a directory, conditional PUT on S3.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDirectoryTarget } from '../../scripts/release/targets/directory.mjs';
import { openS3Target, parseS3Url } from '../../scripts/release/targets/s3.mjs';
import { tempDir } from './helpers';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const headers = { contentType: 'text/javascript; charset=utf-8', cacheControl: 'public, max-age=31536000, immutable' };

describe('directory target', () => {
  it('createOnly never replaces an existing file and leaves no temporary file', async () => {
    const root = tempDir('target');
    dirs.push(root);
    const target = openDirectoryTarget(root);
    expect(await target.createOnly('p/1.0.0/a.js', Buffer.from('first'), headers)).toBe('created');
    expect(await target.createOnly('p/1.0.0/a.js', Buffer.from('second'), headers)).toBe('exists');
    expect(readFileSync(join(root, 'p/1.0.0/a.js'), 'utf8')).toBe('first');
    await target.put('p/v1/a.js', Buffer.from('alias 1'), headers);
    await target.put('p/v1/a.js', Buffer.from('alias 2'), headers);
    expect(readFileSync(join(root, 'p/v1/a.js'), 'utf8')).toBe('alias 2');
    expect(readdirSync(join(root, 'p/1.0.0'))).toEqual(['a.js']);
    expect(readdirSync(join(root, 'p/v1'))).toEqual(['a.js']);
    expect(await target.listDirectories('p')).toEqual(expect.arrayContaining(['1.0.0', 'v1']));
    expect(await target.get('p/none.js')).toBeNull();
    await expect(target.get('../outside')).rejects.toThrow(/escapes the target root/);
  });
});

describe('S3 target', () => {
  it('parses s3:// targets and rejects malformed ones', () => {
    expect(parseS3Url('s3://cdn-origin')).toEqual({ bucket: 'cdn-origin', prefix: '' });
    expect(parseS3Url('s3://cdn-origin/sdk/prod/')).toEqual({ bucket: 'cdn-origin', prefix: 'sdk/prod' });
    expect(() => parseS3Url('s3://Bad_Bucket/x')).toThrow(/not a valid S3 target/);
    expect(() => parseS3Url('s3://cdn-origin/a/../b')).toThrow(/"\." or "\.\." segments/);
  });

  function fakeClient(respond: (input: Record<string, unknown>) => unknown) {
    const puts: Record<string, unknown>[] = [];
    return {
      puts,
      client: {
        send: async (command: { input: Record<string, unknown> }) => {
          if (!(command instanceof PutObjectCommand)) throw new Error('unexpected command');
          puts.push(command.input);
          return respond(command.input);
        },
      },
    };
  }

  it('writes pinned files with If-None-Match: * and the headers as metadata; 412 means "exists"', async () => {
    const fake = fakeClient((input) => {
      if (fake.puts.length > 1 && input.IfNoneMatch === '*')
        throw Object.assign(new Error('precondition'), {
          name: 'PreconditionFailed',
          $metadata: { httpStatusCode: 412 },
        });
      return {};
    });
    const target = openS3Target('s3://cdn-origin/sdk', { client: fake.client as never });
    expect(await target.createOnly('packages/contracts-sdk/1.0.0/index.umd.js', Buffer.from('x'), headers)).toBe(
      'created',
    );
    expect(await target.createOnly('packages/contracts-sdk/1.0.0/index.umd.js', Buffer.from('y'), headers)).toBe(
      'exists',
    );
    expect(fake.puts[0]).toMatchObject({
      Bucket: 'cdn-origin',
      Key: 'sdk/packages/contracts-sdk/1.0.0/index.umd.js',
      IfNoneMatch: '*',
      ContentType: headers.contentType,
      CacheControl: headers.cacheControl,
    });
    expect(target.conditionalWrites).toBe(true);
  });

  it('falls back to a plain PUT on a store that does not implement conditional writes, and says so', async () => {
    const fake = fakeClient((input) => {
      if (input.IfNoneMatch)
        throw Object.assign(new Error('not implemented'), {
          name: 'NotImplemented',
          $metadata: { httpStatusCode: 501 },
        });
      return {};
    });
    const target = openS3Target('s3://cdn-origin', { client: fake.client as never });
    expect(await target.createOnly('k', Buffer.from('x'), headers)).toBe('created');
    expect(fake.puts.map((put) => put.IfNoneMatch ?? null)).toEqual(['*', null]);
    expect(target.conditionalWrites).toBe(false);
  });

  it('turns access errors into a message with the permissions needed', async () => {
    const fake = fakeClient(() => {
      throw Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    });
    const target = openS3Target('s3://cdn-origin', { client: fake.client as never });
    await expect(target.put('k', Buffer.from('x'), headers)).rejects.toThrow(
      /access denied to s3:\/\/cdn-origin while trying to write k/,
    );
  });
});
