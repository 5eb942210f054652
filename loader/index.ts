// contracts-sdk: everything of contracts-sdk/pure, plus one thing at import in a browser: a preconnect to the
// default CDN, so the download loadSvcSDK() starts later skips DNS and TLS. Importing it on a server does nothing.
import { DEFAULT_CDN_URL } from './constants';

export * from './pure';

if (typeof document !== 'undefined' && document.head) {
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = new URL(DEFAULT_CDN_URL).origin;
  // The script is fetched in CORS mode (SRI needs it), which uses its own connection pool: warm that one.
  link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}
