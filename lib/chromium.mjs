// How every browser run of this project starts Debian's Chromium (e2e suite, benchmark, screenshots):
// Playwright never downloads a browser here, and the closed network must not be touched.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = Object.freeze([
  // Every *.test name is loopback; anything else fails to resolve, so no run can reach the network.
  '--host-resolver-rules=MAP *.test 127.0.0.1, MAP localhost 127.0.0.1, MAP * ~NOTFOUND',
  '--disable-gpu',
  // Without these Chromium keeps trying to reach Google's services, which the closed network refuses.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);
