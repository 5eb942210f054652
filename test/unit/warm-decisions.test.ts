// Issue #54's points on the shared warm frame, as docs/protocol.md §1 and §4.6 now decide them: whether another
// instance still wants a frame is judged a second after a take (9); whose `debug` applies to the frame's lines
// before it is taken (12); a container in another document (13). The rest of the warm start at scale is
// test/unit/warm-pool.test.ts's.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REWARM_AFTER_MS } from '../../src/warm-pool';
import { FakeApp, create, envelope, makeContainer, untraced, installMoveBefore } from './fake-app';

installMoveBefore();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

/** The frames waiting in <body>, outside every container. */
const waitingFrames = () => [...document.querySelectorAll<HTMLIFrameElement>('body > iframe')];
const warm = (config: Parameters<typeof create>[0] = {}, container = makeContainer(`c${Math.random()}`)) => ({
  sdk: create({ warm: true, ...config }, container),
  container,
});

describe('9: "other instances still want one" is judged a second after a take', () => {
  it('one destroyed within that second: no next warm frame', () => {
    const [first, second] = [warm(), warm()];
    void first.sdk.open();
    second.sdk.destroy();
    vi.advanceTimersByTime(REWARM_AFTER_MS);
    expect(waitingFrames()).toEqual([]);
  });

  it('one still wanting one then: the next warm frame, a second after the take and not before', () => {
    const [first] = [warm(), warm()];
    void first.sdk.open();
    vi.advanceTimersByTime(REWARM_AFTER_MS - 1);
    expect(waitingFrames()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(waitingFrames()).toHaveLength(1);
  });

  it('one constructed within that second: a warm frame at once, as at page load', () => {
    const [first] = [warm()];
    void first.sdk.open();
    warm();
    expect(waitingFrames()).toHaveLength(1);
  });
});

describe("12: the waiting frame's debug lines follow the instance it was loaded for, until taken", () => {
  /** The lines logged when the waiting frame's window gets a message from another origin (ignored, logged). */
  function linesOfWaitingFrame(origin = 'https://evil.test'): string[] {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(untraced(args.join(' '))));
    new FakeApp(waitingFrames()[0]!).post(envelope('hello'), origin);
    return lines;
  }

  it('the first without debug, the second with: nothing logged, also once the first closed', () => {
    const first = warm({ debug: false });
    warm({ debug: true });
    expect(linesOfWaitingFrame()).toEqual([]);
    first.sdk.close();
    expect(waitingFrames()).toHaveLength(1);
    expect(linesOfWaitingFrame('https://other.test')).toEqual([]);
  });

  it('the first with debug, the second without: logged, also once the first closed', () => {
    const first = warm({ debug: true });
    warm({ debug: false });
    expect(linesOfWaitingFrame()).toEqual(['[contracts-sdk] ignored origin https://evil.test']);
    vi.restoreAllMocks();
    first.sdk.close();
    expect(waitingFrames()).toHaveLength(1);
    // Another sender: each kind and sender is logged once.
    expect(linesOfWaitingFrame('https://other.test')).toEqual(['[contracts-sdk] ignored origin https://other.test']);
  });
});

describe('13: a container in another document', () => {
  it('is accepted; the warm frame is not moved there: the instance creates its own frame in it', () => {
    const otherDocument = document.implementation.createHTMLDocument('another');
    const container = otherDocument.createElement('div');
    otherDocument.body.append(container);
    warm();
    const { sdk } = warm({}, container as unknown as HTMLElement);
    const waiting = waitingFrames()[0];
    void sdk.open();
    const frames = [...container.querySelectorAll('iframe')];
    expect(frames).toHaveLength(1);
    expect(frames[0]).not.toBe(waiting);
  });
});
