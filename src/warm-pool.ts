// The warm start at scale (issue #45, docs/decisions.md #33): one warm frame per embed URL per page, however many
// instances want one. It waits at the end of <body>, no instance's until the first open() or prepare() of any of
// them takes it: moveBefore() carries it into that instance's container with its document (appendChild would
// reload it), and the taker becomes the attempt's owner (Attempt.adopt). A browser without moveBefore (WebKit) warms
// one frame per instance in its own container, as attempt-runner.ts does when canShareWarm() says no.
import { createAttempt, type Attempt } from './attempt';
import { unowned, type AttemptOwner } from './attempt-owner';
import type { Settings } from './config';
import { dressFrame } from './frame';
import type { Logger } from './logger';

// Members marked @internal are the SDK's own: the build shortens their names (lib/mangled-properties.mjs).
/**
 * Per embed URL: the instances that want a warm frame (each the key its instance passes: its attempt runner), with
 * the unowned owner a spare created for it has until taken; and the spare frame waiting, if any.
 */
interface Shared {
  /** @internal */
  wanting: Map<object, AttemptOwner>;
  /** @internal */
  spare?: Attempt;
}
const pool = new Map<string, Shared>();
/**
 * How long after a take the next frame starts: after the taker's app is ready (0.15-0.2 s from the click at 100 ms
 * RTT), so it does not compete with it, and long before a signer comes back for the next row. Not
 * requestIdleCallback: it fires within milliseconds of the click, in the taker's loading, or not for seconds
 * (Chromium, seen in the bench: none in 15 s); docs/decisions.md #33.
 */
export const REWARM_AFTER_MS = 1000;

export const canShareWarm = (): boolean => 'moveBefore' in Element.prototype;

/** An instance (the key) that wants a warm frame: the page's one for its embed URL, created now if none waits. */
export function wantWarm(instance: object, settings: Settings, log: Logger): void {
  const url = settings.app.embedUrl;
  const shared: Shared = pool.get(url) ?? { wanting: new Map() };
  pool.set(url, shared);
  shared.wanting.set(instance, unowned(settings, log));
  warmUp(shared);
}

/**
 * The spare frame for this instance's first attempt, bound to it and moved into its container; undefined when
 * it did not want one (warm: false, already took or closed), none waits, or it failed or cannot move (another
 * document's container): the instance starts its own. Either way it no longer wants one; any others get a new one
 * REWARM_AFTER_MS later, so a later click is fast too, without taking bandwidth from this signer's click.
 */
export function takeWarm(instance: object, taker: AttemptOwner): Attempt | undefined {
  const shared = pool.get(taker.settings.app.embedUrl);
  const attempt = shared?.wanting.delete(instance) ? shared.spare : undefined;
  if (!attempt) return;
  shared!.spare = undefined;
  setTimeout(() => warmUp(shared!), REWARM_AFTER_MS);
  // A frame that loaded without hello or that the page's CSP blocked is not worth moving.
  if (attempt.isWarm()) {
    try {
      // With its document; moveBefore throws for a container in another document of the page, or a frame the
      // page removed from <body>: then the taker starts its own.
      taker.container.moveBefore(attempt.iframe!, null);
      attempt.adopt(taker);
      dressFrame(attempt.iframe!, taker.settings);
      return attempt;
    } catch {}
  }
  attempt.teardown();
}

/**
 * close() or destroy(): the instance no longer wants a warm frame; when nobody does, the spare one goes (the embed
 * URL's empty entry stays: one per app address the page uses).
 */
export function leaveWarm(instance: object, settings: Settings): void {
  const shared = pool.get(settings.app.embedUrl);
  if (!shared?.wanting.delete(instance) || shared.wanting.size) return;
  shared.spare?.teardown();
  shared.spare = undefined;
}

/**
 * A frame for the first instance still wanting one, unless one waits: hidden, in <body>, its hello held for whoever
 * takes it.
 */
function warmUp(shared: Shared): void {
  const [first] = shared.wanting;
  if (!first || shared.spare) return;
  // Until taken: greets (wait), logs to that instance's console, reports to nobody (attempt-owner.ts).
  shared.spare = createAttempt(first[1], true);
}
