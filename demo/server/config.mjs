// Sandbox settings: defaults, and the environment variables that override them (documented in docs/sandbox.md).
import { CERT_DIR, DIST_DIR } from '../../lib/repo-paths.mjs';
import { LOCAL_HOSTS } from '../../lib/test-hosts.mjs';

export const DEFAULTS = Object.freeze({
  ports: { demo: 8443, cdn: 8444, signing: 8445 },
  hosts: LOCAL_HOSTS,
  slowReadyMs: 3000,
  certDir: CERT_DIR,
  distDir: DIST_DIR,
});

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

function port(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got "${raw}"`);
  return value;
}

function host(env, name, fallback) {
  const value = (env[name] || fallback).toLowerCase();
  if (!HOST_NAME.test(value)) throw new Error(`${name} must be a host name, got "${env[name]}"`);
  return value;
}

/** Options for startSandbox() from environment variables, falling back to DEFAULTS. */
export function optionsFromEnv(env = process.env) {
  const origins = (env.SANDBOX_PARTNER_ORIGINS || '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const origin of origins) {
    if (new URL(origin).origin !== origin) throw new Error(`SANDBOX_PARTNER_ORIGINS: "${origin}" is not an origin`);
  }
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
    slowReadyMs: env.SANDBOX_SLOW_MS ? Number(env.SANDBOX_SLOW_MS) : DEFAULTS.slowReadyMs,
    apiToken: env.SANDBOX_API_TOKEN || undefined,
    webhookSecret: env.SANDBOX_WEBHOOK_SECRET || undefined,
    certDir: env.SANDBOX_CERT_DIR || DEFAULTS.certDir,
    distDir: env.SANDBOX_DIST_DIR || DEFAULTS.distDir,
  };
}
