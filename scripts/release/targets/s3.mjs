// An S3-compatible bucket (AWS S3, MinIO, R2, ...), via the AWS SDK for JavaScript v3. Endpoint, region and
// credentials come from the usual AWS environment variables. Pinned files are written with `If-None-Match: *`,
// so a store that honours conditional writes refuses the second of two concurrent releases; the publish step
// reads every file back either way, for stores that ignore the header.
import {
  GetBucketCorsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ReleaseError } from '../report.mjs';

/** `s3://bucket/some/prefix` → `{ bucket, prefix: 'some/prefix' }` (prefix may be ''). */
export function parseS3Url(dest) {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(dest);
  if (!match || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(match[1])) {
    throw new ReleaseError(
      `"${dest}" is not a valid S3 target`,
      'use s3://<bucket>[/<prefix>], e.g. s3://cdn-origin/sdk',
    );
  }
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((part) => part === '.' || part === '..')) {
    throw new ReleaseError(
      `S3 prefix "${prefix}" contains "." or ".." segments`,
      'use a plain prefix such as s3://bucket/sdk',
    );
  }
  return { bucket: match[1], prefix };
}

export function createS3Client(env) {
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || (endpoint ? 'us-east-1' : undefined);
  const config = {
    endpoint,
    region,
    // Custom endpoints (MinIO, s3rver, most self-hosted stores) rarely have wildcard DNS for bucket subdomains.
    forcePathStyle: endpoint ? env.AWS_S3_FORCE_PATH_STYLE !== 'false' : env.AWS_S3_FORCE_PATH_STYLE === 'true',
    // The SDK's default CRC32 trailers (aws-chunked bodies) are not understood by every S3-compatible store;
    // integrity is checked end to end by reading each object back and comparing bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    config.credentials = {
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
      ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
    };
  } // otherwise the SDK's default chain: AWS_PROFILE / shared config, SSO, container or instance roles.
  return new S3Client(config);
}

export function openS3Target(dest, { env = process.env, client } = {}) {
  const { bucket, prefix } = parseS3Url(dest);
  const s3 = client ?? createS3Client(env);
  const ownsClient = !client;
  const fullKey = (key) => (prefix ? `${prefix}/${key}` : key);
  const id = `s3://${bucket}${prefix ? `/${prefix}` : ''}`;
  let conditionalWrites = true;

  async function send(command, action) {
    try {
      return await s3.send(command);
    } catch (error) {
      throw explain(error, action, id);
    }
  }

  async function putObject(key, bytes, headers, ifNoneMatch) {
    return s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: fullKey(key),
        Body: bytes,
        ContentType: headers.contentType,
        CacheControl: headers.cacheControl,
        ...(ifNoneMatch ? { IfNoneMatch: '*' } : {}),
      }),
    );
  }

  return {
    kind: 's3',
    id,
    get description() {
      return `S3 ${id}${env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL ? ` (endpoint ${env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL})` : ''}`;
    },
    get conditionalWrites() {
      return conditionalWrites;
    },

    /** Fails on a missing bucket or bad credentials; returns warnings (bucket CORS). */
    async check() {
      await send(new HeadBucketCommand({ Bucket: bucket }), `open bucket ${bucket}`);
      try {
        const cors = await s3.send(new GetBucketCorsCommand({ Bucket: bucket }));
        const allowsAll = (cors.CORSRules ?? []).some(
          (rule) => (rule.AllowedMethods ?? []).includes('GET') && (rule.AllowedOrigins ?? []).includes('*'),
        );
        return allowsAll
          ? []
          : [
              `bucket ${bucket} has no CORS rule allowing GET from origin "*"; unless the CDN adds Access-Control-Allow-Origin, browsers will refuse the pinned script (SRI needs CORS). See docs/release.md.`,
            ];
      } catch (error) {
        const reason =
          error?.name === 'NoSuchCORSConfiguration'
            ? 'has no CORS configuration'
            : `CORS configuration could not be read (${error?.name ?? error})`;
        return [
          `bucket ${bucket} ${reason}; make sure the bucket or the CDN answers with Access-Control-Allow-Origin: * (SRI needs CORS). See docs/release.md.`,
        ];
      }
    },

    async get(key) {
      try {
        const response = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: fullKey(key) }));
        return {
          body: Buffer.from(await response.Body.transformToByteArray()),
          lastModified: response.LastModified ?? new Date(),
          contentType: response.ContentType,
          cacheControl: response.CacheControl,
        };
      } catch (error) {
        if (error?.name === 'NoSuchKey' || error?.$metadata?.httpStatusCode === 404) return null;
        throw explain(error, `read ${fullKey(key)}`, id);
      }
    },

    async createOnly(key, bytes, headers) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await putObject(key, bytes, headers, conditionalWrites);
          return 'created';
        } catch (error) {
          const status = error?.$metadata?.httpStatusCode;
          if (status === 412 || error?.name === 'PreconditionFailed') return 'exists';
          // 409: another conditional write to this key is in flight; S3 asks the client to retry.
          if ((status === 409 || error?.name === 'ConditionalRequestConflict') && attempt < 4) {
            await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
            continue;
          }
          if (conditionalWrites && (status === 501 || error?.name === 'NotImplemented')) {
            conditionalWrites = false; // store without conditional writes: rely on the check before and read-back after
            continue;
          }
          throw explain(error, `write ${fullKey(key)}`, id);
        }
      }
    },

    async put(key, bytes, headers) {
      try {
        await putObject(key, bytes, headers, false);
      } catch (error) {
        throw explain(error, `write ${fullKey(key)}`, id);
      }
    },

    async listDirectories(prefixKey) {
      const listPrefix = `${fullKey(prefixKey)}/`;
      const names = [];
      let token;
      do {
        const page = await send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: listPrefix, Delimiter: '/', ContinuationToken: token }),
          `list ${listPrefix}`,
        );
        for (const common of page.CommonPrefixes ?? []) names.push(common.Prefix.slice(listPrefix.length, -1));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },

    async close() {
      if (ownsClient) s3.destroy();
    },
  };
}

function explain(error, action, id) {
  if (error instanceof ReleaseError) return error;
  const name = error?.name ?? 'Error';
  const status = error?.$metadata?.httpStatusCode;
  const detail = `${name}${status ? ` (HTTP ${status})` : ''}: ${error?.message ?? error}`;
  if (name === 'CredentialsProviderError') {
    return new ReleaseError(
      `no AWS credentials for ${id}: ${error.message}`,
      'set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary credentials), or AWS_PROFILE',
    );
  }
  if (/region is missing/i.test(error?.message ?? '')) {
    return new ReleaseError(
      `no AWS region for ${id}`,
      'set AWS_REGION (e.g. eu-west-1), or AWS_ENDPOINT_URL for an S3-compatible store',
    );
  }
  if (name === 'NoSuchBucket' || (status === 404 && /bucket/i.test(action))) {
    return new ReleaseError(
      `bucket of ${id} does not exist (${detail})`,
      'check the bucket name, and AWS_ENDPOINT_URL / AWS_REGION',
    );
  }
  if (status === 403 || name === 'AccessDenied' || name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch') {
    return new ReleaseError(
      `access denied to ${id} while trying to ${action} (${detail})`,
      'check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; the release needs s3:ListBucket, s3:GetObject and s3:PutObject on the prefix',
    );
  }
  if (error?.code === 'ECONNREFUSED' || error?.code === 'ENOTFOUND' || error?.code === 'ETIMEDOUT') {
    return new ReleaseError(
      `cannot reach the S3 endpoint for ${id} while trying to ${action} (${error.code})`,
      'check AWS_ENDPOINT_URL and the network',
    );
  }
  return new ReleaseError(`S3 failed to ${action} on ${id}: ${detail}`);
}
