// One WebKit browser for a test worker: a virtual display (Xvfb), WebKitWebDriver on a free port, and one
// MiniBrowser session over classic W3C WebDriver (WebKitGTK offers no WebDriver BiDi, hence
// `wdio:enforceWebDriverClassic`). Each process runs in its own process group, ended when the worker ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { remote, type Browser } from 'webdriverio';
import { hostsAdvice, mapHosts, unmappedHosts } from '../../lib/test-hosts.mjs';
import { MINIBROWSER_PATH, WEBKIT_DRIVER_PATH, XVFB_PATH } from '../../lib/webkit.mjs';
import { waitForOutput } from '../../lib/child-output.mjs';
import { freePort } from '../../lib/free-port.mjs';

const START_TIMEOUT_MS = 20_000;
/** Wider than the harness page's 800 px containers, so frame sizes are what the page asked for. */
const WINDOW = { width: 1280, height: 900 };

/** WebKitGTK resolves names only through /etc/hosts: map the test hosts there (root) or say how to. */
function ensureTestHosts(): void {
  const missing = unmappedHosts();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`WebKit suite: ${hostsAdvice(missing)}`);
  mapHosts();
}

/** What each started process wrote to stderr, for error messages. */
const stderrText = new WeakMap<ChildProcess, string[]>();
const stderrOf = (child: ChildProcess) => (stderrText.get(child) ?? []).join('').trim();

/** Starts `command` in a process group of its own; fd 3 is a pipe too with `extraFd`. */
function startGroup(command: string, args: string[], env = process.env, extraFd = false): ChildProcess {
  const stdio: Array<'ignore' | 'pipe'> = ['ignore', 'ignore', 'pipe', ...(extraFd ? (['pipe'] as const) : [])];
  const child = spawn(command, args, { detached: true, env, stdio });
  const stderr: string[] = [];
  stderrText.set(child, stderr);
  child.stderr?.on('data', (chunk) => stderr.push(String(chunk)));
  return child;
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = once(child, 'exit');
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  await exited;
}

/** Waits until the driver answers /status as ready (the port is open), or fails as soon as the driver exits. */
async function driverReady(driver: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null)
      throw new Error(`WebKitWebDriver exited with ${driver.exitCode}: ${stderrOf(driver)}`);
    const status = await fetch(`http://127.0.0.1:${port}/status`).then(
      (response) => response.json() as Promise<{ value?: { ready?: boolean } }>,
      () => undefined,
    );
    if (status?.value?.ready) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`WebKitWebDriver: port ${port} not ready after ${START_TIMEOUT_MS} ms. ${stderrOf(driver)}`);
}

export async function startWebKit(): Promise<{ browser: Browser; close(): Promise<void> }> {
  ensureTestHosts();
  const started: ChildProcess[] = [];
  const stopAll = () => Promise.all(started.reverse().map(stopGroup));
  try {
    // -displayfd: Xvfb picks a free display itself and reports it once it accepts connections (no race with
    // other displays on the machine, no fixed :99).
    const xvfb = startGroup(
      XVFB_PATH,
      ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
      process.env,
      true,
    );
    started.push(xvfb);
    const [, display] = await waitForOutput(xvfb, xvfb.stdio[3] as Readable, /^(.*)\n/, {
      what: 'Xvfb',
      timeoutMs: START_TIMEOUT_MS,
      details: () => stderrOf(xvfb),
    });

    const port = await freePort();
    const driver = startGroup(WEBKIT_DRIVER_PATH, [`--port=${port}`], {
      ...process.env,
      DISPLAY: `:${display.trim()}`,
    });
    started.push(driver);
    await driverReady(driver, port);

    const browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      capabilities: {
        browserName: 'MiniBrowser',
        acceptInsecureCerts: true,
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    });
    await browser.setWindowSize(WINDOW.width, WINDOW.height);
    return {
      browser,
      async close() {
        await browser.deleteSession().catch(() => undefined);
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
