/** One preconnect hint per signing-app origin, shared by the instances that use it. */
const hints = new Map<string, { link: HTMLLinkElement; users: number }>();

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
    hints.set(origin, (hint = { link, users: 0 }));
  }
  const shared = hint;
  shared.users++;
  return () => {
    if (!--shared.users) {
      shared.link.remove();
      hints.delete(origin);
    }
  };
}
