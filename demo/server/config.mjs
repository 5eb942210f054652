// Sandbox settings: defaults, and the environment variables that override them (documented in docs/sandbox.md).
import { CERT_DIR, DIST_DIR } from '../../lib/repo-paths.mjs';
import { LOCAL_HOSTS } from '../../lib/test-hosts.mjs';

export const DEFAULTS = Object.freeze({
  ports: { demo: 8443, cdn: 8444, signing: 8445 },
  hosts: LOCAL_HOSTS,
  slowReadyMs: 3000,
  expireMs: 30000,
  certDir: CERT_DIR,
  distDir: DIST_DIR,
});

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

function port(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

function host(env, name, fallback) {
  const value = (env[name] || fallback).toLowerCase();
  if (!HOST_NAME.test(value)) throw new Error(`${name} must be a host name, got "${env[name]}"`);
  return value;
}

/** The entries of a list variable: separated by commas and/or white space. */
function listOf(env, name) {
  return (env[name] || '').split(/[\s,]+/).filter(Boolean);
}

function parsedUrl(text) {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Origins allowed to frame the signing app, each exactly `scheme://host[:port]`. */
function partnerOrigins(env) {
  const origins = listOf(env, 'SANDBOX_PARTNER_ORIGINS');
  for (const origin of origins) {
    const url = parsedUrl(origin);
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin) {
      throw new Error(
        `SANDBOX_PARTNER_ORIGINS: "${origin}" is not an origin; write scheme://host:port with no path or trailing slash, e.g. http://localhost:3000 (several separated by commas)`,
      );
    }
  }
  return origins;
}

/** Partner endpoints that also receive the webhooks: absolute http(s) URLs. */
function webhookUrls(env) {
  const urls = listOf(env, 'SANDBOX_WEBHOOK_URL');
  for (const entry of urls) {
    const url = parsedUrl(entry);
    if (!url || !/^https?:$/.test(url.protocol)) {
      throw new Error(
        `SANDBOX_WEBHOOK_URL: "${entry}" is not an http(s) URL; give your endpoint's full URL, e.g. http://127.0.0.1:3000/webhooks/svc (several separated by commas or spaces)`,
      );
    }
  }
  return urls;
}

/** Options for startSandbox() from environment variables, falling back to DEFAULTS. */
export function optionsFromEnv(env = process.env) {
  const origins = partnerOrigins(env);
  return {
    ports: {
      demo: port(env, 'DEMO_PORT', DEFAULTS.ports.demo),
      cdn: port(env, 'CDN_PORT', DEFAULTS.ports.cdn),
      signing: port(env, 'SIGNING_PORT', DEFAULTS.ports.signing),
    },
    hosts: {
      partner: host(env, 'DEMO_HOST', DEFAULTS.hosts.partner),
      cdn: host(env, 'CDN_HOST', DEFAULTS.hosts.cdn),
      signing: host(env, 'SIGNING_HOST', DEFAULTS.hosts.signing),
    },
    extraPartnerOrigins: origins,
    partnerWebhookUrls: webhookUrls(env),
    slowReadyMs: env.SANDBOX_SLOW_MS ? Number(env.SANDBOX_SLOW_MS) : DEFAULTS.slowReadyMs,
    expireMs: env.SANDBOX_EXPIRE_MS ? Number(env.SANDBOX_EXPIRE_MS) : DEFAULTS.expireMs,
    apiToken: env.SANDBOX_API_TOKEN || undefined,
    webhookSecret: env.SANDBOX_WEBHOOK_SECRET || undefined,
    certDir: env.SANDBOX_CERT_DIR || DEFAULTS.certDir,
    distDir: env.SANDBOX_DIST_DIR || DEFAULTS.distDir,
  };
}
