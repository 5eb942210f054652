// What the scenarios of partner pages (the framework apps, the backends, the docs' plain pages, the element page) read
// on them: the signing frame's text, the page's markup, the requests a server got, and any piece of a token in a text.
import type { TestInfo } from '@playwright/test';
import { requestLoopback } from '../../lib/loopback-client.mjs';
import type { LoginApp } from '../support/app-server';
import { expect, type Sandbox } from '../support/fixtures';
import type { Host } from '../support/host';
import { recordServerRequests } from '../support/server-requests';
import { PIECE_LENGTH } from '../../test/docs/ssr/token-check';
import { SIGNER_LINE } from './expected';
import type { ScenarioArgs } from './scenario-test';

declare const window: Window & { signingEvents?: string[] };

/** What an app's scenario module registers its tests with: the usual fixtures and the app's own (`T`). */
export type AppScenarioTest<T> = (
  title: string,
  body: (args: ScenarioArgs & T, testInfo: TestInfo) => Promise<void>,
) => void;

/** Every token of which `text` holds a `length`-character piece (none: no token is there, whole or cut). */
export function piecesIn(text: string, tokens: string[], length = PIECE_LENGTH): string[] {
  const pieces = (token: string) =>
    Array.from({ length: token.length - length + 1 }, (_, start) => token.slice(start, start + length));
  return tokens.filter((token) => pieces(token).some((piece) => text.includes(piece)));
}

/** Where a frame is looked for and read: `hidden`, all its text (a prepared frame has no box yet), else what it shows. */
export interface FrameOptions {
  frame?: string;
  hidden?: boolean;
}

/** The signing frame's text, '' while it is not there. */
export const frameText = (host: Host, { frame = 'iframe', hidden = false }: FrameOptions = {}) =>
  host
    .evaluateInFrame(frame, (all) => (all ? (document.body.textContent ?? '') : document.body.innerText), hidden)
    .catch(() => '');

/** Waits until the signing frame holds `text`: by default, the contract to sign (the session is ready). */
export async function untilFrameShows(
  host: Host,
  text = SIGNER_LINE,
  { message = 'the frame shows the contract', ...frame }: FrameOptions & { message?: string } = {},
): Promise<void> {
  await expect.poll(() => frameText(host, frame), { message, intervals: [100, 250] }).toContain(text);
}

/** The events the app's page noted (window.signingEvents), in order. */
export const signingEvents = (host: Host) => host.evaluate(() => window.signingEvents);
/** One visit of an element's signing page: its events until the contract shows. */
export const VISIT = ['contract-loading', 'contract-loaded', 'contract-ready'];

/** Waits until the element's frame shows the contract and its contract-ready reached the page. */
export async function untilElementReady(host: Host): Promise<void> {
  await untilFrameShows(host);
  await expect
    .poll(() => signingEvents(host), { message: 'contract-ready reached the page' })
    .toContain('contract-ready');
}

/**
 * Signs in through the app's login as the applicant of `applicationId` (a new one unless given), which opens its
 * signing page, and waits until the element there is ready. Resolves the application's id.
 */
export async function openSigningPage(host: Host, app: LoginApp, applicationId = crypto.randomUUID()): Promise<string> {
  await host.goto(app.loginUrl(applicationId));
  await untilElementReady(host);
  return applicationId;
}

/** The signing frame's rendered height now (0: no box). */
export const frameHeight = (host: Host, frame = 'iframe') =>
  host.evaluate((frame) => document.querySelector(frame)?.getBoundingClientRect().height ?? 0, frame);

/** The page's markup now, attributes included. */
export const pageHtml = (host: Host) => host.evaluate(() => document.documentElement.outerHTML);

export const framesOnPage = (host: Host) => host.evaluate(() => document.querySelectorAll('iframe').length);

/** A page of the app's server as a cache would fetch it, with the signer's session (the apps' cookie): its body. */
export async function fetchAsSigner(url: string, applicationId: string, sandbox: Sandbox): Promise<string> {
  const answer = await requestLoopback({ url, headers: { cookie: `signer=${applicationId}` }, ca: sandbox.cert });
  expect(answer.status, `GET ${url}`).toBe(200);
  return answer.body;
}

/** Every request target (query included) the servers of `origins` received while `run` ran. */
export async function requestsDuring(origins: string[], run: () => Promise<void>): Promise<string[]> {
  const recorders = origins.map((origin) => recordServerRequests(origin));
  try {
    await run();
    return recorders.flatMap((recorder) => recorder.targets());
  } finally {
    for (const recorder of recorders) recorder.stop();
  }
}
