// The SDK adds nothing to the page's <head> (issue 22). The shared <link rel="preconnect"> it once added from
// construction was removed: Chromium partitions connections by the top-level site and whether the request comes
// from a cross-site frame, so the signing frame did not use the connection the page opened (docs/perf/latest.md).
// Only a frame of the signing origin can warm it: prepare(). This keeps a hint, or anything else, out of the head.
import { expect, it } from 'vitest';
import { APP_ORIGIN, FakeApp, TOKEN, create, makeContainer } from './fake-app';

/** A change to the head, short: "+LINK", "-LINK", "attribute href", "characterData". */
const mutation = (record: MutationRecord) =>
  [
    ...[...record.addedNodes].map((node) => `+${node.nodeName}`),
    ...[...record.removedNodes].map((node) => `-${node.nodeName}`),
  ].join(' ') || `${record.type}${record.attributeName ? ` ${record.attributeName}` : ''}`;

it('construction, prepare(), open(), close() and destroy() leave document.head untouched (not even for a moment)', async () => {
  const before = document.head.innerHTML;
  const mutations: string[] = [];
  const changes = new MutationObserver((records) => void mutations.push(...records.map(mutation)));
  changes.observe(document.head, { childList: true, subtree: true, attributes: true, characterData: true });
  try {
    const box = makeContainer('head-a');
    const sdk = create({}, box);
    const other = create(
      { appUrl: 'https://other-sign.test/tenant-7f', signingToken: () => Promise.resolve(TOKEN) },
      makeContainer('head-b'),
    );
    const preparing = sdk.prepare();
    await FakeApp.in(box).ready();
    await preparing;
    await sdk.open();
    void other.open();
    sdk.close();
    sdk.destroy();
    other.destroy();
    mutations.push(...changes.takeRecords().map(mutation));
    expect(mutations, 'mutations of document.head').toEqual([]);
    expect(document.head.innerHTML).toBe(before);
    expect(
      document.querySelectorAll(`link[href^="${APP_ORIGIN}"], link[href^="https://other-sign.test"]`),
    ).toHaveLength(0);
  } finally {
    changes.disconnect();
  }
});
