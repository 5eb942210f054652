// Where the WebKit suite finds Debian's WebKitGTK (Safari's engine): its WebDriver, the MiniBrowser it drives,
// and the virtual display both run on. Playwright's own WebKit build cannot be downloaded here.
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_PATH = process.env.XVFB_PATH || '/usr/bin/Xvfb';
