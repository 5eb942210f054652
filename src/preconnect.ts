/** Each signing-app origin's preconnect hint, and how many live instances share it. */
const hints = new Map<string, { _link: HTMLLinkElement; _users: number }>();

/**
 * Asks the browser to open the connection (DNS, TCP, TLS) to the signing app now, so that open() or prepare()
 * later starts with the embed page's request. Returns the release; the last instance's release removes the hint.
 * No CSP directive governs a preconnect hint, and setting a link's href is not a Trusted Types sink.
 */
export function preconnect(origin: string): () => void {
  let hint = hints.get(origin);
  if (!hint) {
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    document.head?.appendChild(link);
    hints.set(origin, (hint = { _link: link, _users: 0 }));
  }
  const shared = hint;
  shared._users++;
  return () => {
    if (!--shared._users) {
      shared._link.remove();
      hints.delete(origin);
    }
  };
}
