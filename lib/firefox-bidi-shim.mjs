#!/usr/bin/env node
// Playwright's `executablePath` for Debian's Firefox ESR: starts the real browser with the same arguments and
// stands between Playwright and its WebDriver BiDi socket. Playwright sends `emulation.setMediaFeaturesOverride`
// for every new context, which Firefox ESR 153 does not implement; the shim answers that one command with an
// empty success (colour-scheme emulation therefore does nothing in Firefox) and passes everything else through.
// It also sets FIREFOX_ENV (see firefox.mjs) on the browser process.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import WebSocket, { WebSocketServer } from 'ws';
import { FIREFOX_ENV, FIREFOX_PATH } from './firefox.mjs';

/** Commands Firefox ESR lacks, answered here with an empty result. */
const ANSWERED_HERE = new Set(['emulation.setMediaFeaturesOverride']);
const LISTENING = /^WebDriver BiDi listening on (ws:\/\/\S+)$/;

const firefox = spawn(FIREFOX_PATH, process.argv.slice(2), {
  stdio: ['ignore', 'inherit', 'pipe'],
  env: { ...process.env, ...FIREFOX_ENV },
});
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => firefox.kill(signal));
firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
firefox.on('error', (error) => {
  console.error(`firefox-bidi-shim: cannot start ${FIREFOX_PATH}: ${error.message}`);
  process.exit(1);
});

// Playwright learns the socket address from this stderr line: pass every line on, with the address swapped.
createInterface({ input: firefox.stderr }).on('line', (line) => {
  const match = LISTENING.exec(line);
  if (!match) return process.stderr.write(`${line}\n`);
  const upstream = match[1];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('listening', () =>
    process.stderr.write(`WebDriver BiDi listening on ws://127.0.0.1:${server.address().port}\n`),
  );
  server.on('connection', (client, request) => relay(client, `${upstream}${request.url}`));
});

function relay(client, url) {
  const browser = new WebSocket(url, { perMessageDeflate: false });
  const early = [];
  browser.on('open', () => {
    for (const data of early.splice(0)) browser.send(data);
  });
  client.on('message', (data) => {
    const text = data.toString();
    const command = parseCommand(text);
    if (command && ANSWERED_HERE.has(command.method)) {
      client.send(JSON.stringify({ type: 'success', id: command.id, result: {} }));
    } else if (browser.readyState === WebSocket.OPEN) {
      browser.send(text);
    } else {
      early.push(text);
    }
  });
  browser.on('message', (data) => client.send(data.toString()));
  browser.on('close', () => client.close());
  client.on('close', () => browser.close());
  browser.on('error', () => client.terminate());
  client.on('error', () => browser.terminate());
}

/** A BiDi command `{ id, method }`, or null for anything else (passed through untouched). */
function parseCommand(text) {
  try {
    const value = JSON.parse(text);
    return value && typeof value.method === 'string' ? value : null;
  } catch {
    return null;
  }
}
