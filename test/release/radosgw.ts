// A throwaway real S3 for the release tests: Ceph's RADOS Gateway (Debian's radosgw, installed by
// scripts/install-browsers.sh) over one monitor and one in-memory OSD, all in a temp directory on loopback. The
// recipe, its settings and why each one is there: /work/shared/guide/toolchain.md, "A real S3 implementation".
// Unlike s3rver it honours `If-None-Match: *`, which is what keeps a pinned version immutable on S3.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, PutBucketCorsCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../../scripts/release/targets/s3.mjs';

const run = promisify(execFile);
const READY_WITHIN_MS = 60_000;
const STOP_WITHIN_MS = 15_000;

export interface Radosgw {
  /** AWS_* variables for the release's S3 client (endpoint, credentials, region). */
  env: Record<string, string>;
  /** milliseconds from the first command to the gateway answering with its user created */
  startMs: number;
  /** a new bucket with a name no other test uses (buckets are global to the gateway) */
  bucket(purpose: string, options?: { cors?: boolean }): Promise<string>;
  /** stops the gateway, then the OSD, then the monitor, and removes the directory; safe to call twice */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (closed again at once, so the daemon can bind it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function cephConf(dir: string, monPort: number, port: number, fsid: string): string {
  return `[global]
fsid = ${fsid}
mon_host = v2:127.0.0.1:${monPort}
# A private throwaway cluster on loopback: no cephx inside it (S3 clients still sign their requests).
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
ms_bind_msgr1 = false
osd_objectstore = memstore
osd_pool_default_size = 1
osd_pool_default_min_size = 1
osd_pool_default_pg_num = 1
osd_pool_default_pgp_num = 1
osd_pool_default_pg_autoscale_mode = off
mon_allow_pool_size_one = true
run_dir = ${dir}/run
admin_socket = ${dir}/run/$cluster-$name.asok
log_file = ${dir}/log/$cluster-$name.log
mon_data = ${dir}/mon/$cluster-$id
osd_data = ${dir}/osd/$cluster-$id

[mon]
# Without these the monitor takes ~9 s to create the gateway's pools.
paxos_propose_interval = 0.05
paxos_min_wait = 0.01

[client.rgw]
# Without it radosgw retries authentication for 300 s and fails.
ms_mon_client_mode = crc
rgw_frontends = beast endpoint=127.0.0.1:${port}
rgw_data = ${dir}/rgw
`;
}

/** Starts the cluster; if any step fails, whatever was started is stopped and the directory removed. */
export async function startRadosgw(): Promise<Radosgw> {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'contracts-sdk-radosgw-'));
  for (const sub of ['run', 'log', 'mon', 'osd', 'rgw']) mkdirSync(join(dir, sub));
  const daemons: { name: string; child: ChildProcess }[] = [];
  let stopped: Promise<void> | undefined;
  // Last resort if the test process exits without its afterAll (a crash): no daemon outlives it.
  const killOnExit = () => {
    for (const { child } of daemons) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  const stop = () => {
    stopped ??= (async () => {
      // Gateway, then OSD, then monitor: each one still has the services it talks to while it shuts down.
      for (const { child } of [...daemons].reverse()) await stopDaemon(child);
      process.removeListener('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    const monPort = await freePort();
    let port = await freePort();
    while (port === monPort) port = await freePort();
    const conf = join(dir, 'ceph.conf');
    const fsid = randomUUID();
    writeFileSync(conf, cephConf(dir, monPort, port, fsid));
    const tool = (command: string, ...args: string[]) => runTool(dir, command, args);
    const daemon = (name: string, command: string, ...args: string[]) =>
      daemons.push({ name, child: startDaemon(dir, name, command, args) });

    await tool('monmaptool', '--create', '--addv', 'a', `[v2:127.0.0.1:${monPort}]`, '--fsid', fsid, `${dir}/monmap`);
    await tool('ceph-mon', '-c', conf, '-i', 'a', '--mkfs', '--monmap', `${dir}/monmap`);
    daemon('mon', 'ceph-mon', '-c', conf, '-i', 'a', '-f');
    const osdUuid = randomUUID();
    const osdId = (await tool('ceph', '-c', conf, '--connect-timeout', '30', 'osd', 'new', osdUuid)).trim();
    mkdirSync(join(dir, 'osd', `ceph-${osdId}`)); // osd_data: --mkfs fills it but does not create it
    await tool('ceph-osd', '-c', conf, '-i', osdId, '--mkfs', '--osd-uuid', osdUuid);
    daemon('osd', 'ceph-osd', '-c', conf, '-i', osdId, '-f');
    daemon('rgw', 'radosgw', '-c', conf, '-n', 'client.rgw', '-f');
    await untilAnswering(`http://127.0.0.1:${port}/`, daemons, dir);

    const accessKey = `release${randomBytes(6).toString('hex')}`;
    const secretKey = randomBytes(20).toString('hex');
    await tool(
      'radosgw-admin',
      '-c',
      conf,
      '-n',
      'client.rgw',
      'user',
      'create',
      '--uid=release',
      '--display-name=release',
      `--access-key=${accessKey}`,
      `--secret-key=${secretKey}`,
    );
    const env = {
      AWS_ENDPOINT_URL: `http://127.0.0.1:${port}`,
      AWS_ACCESS_KEY_ID: accessKey,
      AWS_SECRET_ACCESS_KEY: secretKey,
      AWS_REGION: 'us-east-1',
    };
    const startMs = Date.now() - started;
    let buckets = 0;
    return {
      env,
      startMs,
      stop,
      async bucket(purpose, { cors = true } = {}) {
        const name = `${purpose}-${++buckets}-${randomBytes(3).toString('hex')}`;
        const client = createS3Client(env);
        try {
          await client.send(new CreateBucketCommand({ Bucket: name }));
          if (cors) await client.send(new PutBucketCorsCommand({ Bucket: name, CORSConfiguration: CORS_RULES }));
        } finally {
          client.destroy();
        }
        return name;
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The CORS rule docs/release.md asks for: GET and HEAD from any origin (SRI needs CORS). */
const CORS_RULES = {
  CORSRules: [{ AllowedOrigins: ['*'], AllowedMethods: ['GET', 'HEAD'], MaxAgeSeconds: 3000 }],
};

async function runTool(dir: string, command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(command, args, { cwd: dir, timeout: READY_WITHIN_MS });
    return stdout;
  } catch (error) {
    const { stderr = '', code } = error as { stderr?: string; code?: unknown };
    if (code === 'ENOENT')
      throw new Error(`radosgw setup: ${command} is not installed; run bash scripts/install-browsers.sh as root`);
    throw new Error(`radosgw setup: ${command} ${args.join(' ')} failed (${String(code)}): ${stderr.slice(0, 2000)}`);
  }
}

/** Output to a file in the directory: a daemon holding the test's pipes open would keep the run from ending. */
function startDaemon(dir: string, name: string, command: string, args: string[]): ChildProcess {
  const out = openSync(join(dir, `${name}.out`), 'w');
  const child = spawn(command, args, { cwd: dir, stdio: ['ignore', out, out] });
  closeSync(out);
  child.on('error', () => {}); // reported by untilAnswering (the daemon is gone) rather than as an unhandled error
  return child;
}

async function untilAnswering(url: string, daemons: { name: string; child: ChildProcess }[], dir: string) {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const dead = daemons.find(({ child }) => child.exitCode !== null || child.signalCode !== null);
    if (dead) throw new Error(`radosgw setup: ${dead.name} exited: ${tail(join(dir, `${dead.name}.out`))}`);
    try {
      await fetch(url);
      return;
    } catch {
      // not listening yet: the gateway binds its port only once its pools exist
    }
    if (Date.now() > deadline) throw new Error(`radosgw setup: ${url} did not answer within ${READY_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').slice(-2000);
  } catch {
    return '(no output)';
  }
}

/** SIGTERM, wait for the exit; SIGKILL if it does not come (a stuck daemon must not keep the run alive). */
function stopDaemon(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_WITHIN_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
