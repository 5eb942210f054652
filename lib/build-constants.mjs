// Values compiled into the SDK, shared by the rollup build and the unit tests so both see the same code.
export const DEFAULT_APP_URLS = {
  production: 'https://sign.svc.example',
  qa: 'https://sign.qa.svc.example',
};

/** The production CDN ({cdn_url} in the spec): the npm loader's default `cdnUrl`. */
export const DEFAULT_CDN_URL = 'https://cdn.svc.example';

export function buildConstants(version, env = process.env) {
  return {
    __SDK_VERSION__: JSON.stringify(version),
    __SVC_APP_URL_PRODUCTION__: JSON.stringify(
      signingAppUrl('SVC_APP_URL_PRODUCTION', env.SVC_APP_URL_PRODUCTION || DEFAULT_APP_URLS.production),
    ),
    __SVC_APP_URL_QA__: JSON.stringify(signingAppUrl('SVC_APP_URL_QA', env.SVC_APP_URL_QA || DEFAULT_APP_URLS.qa)),
    __SVC_CDN_URL__: JSON.stringify(env.SVC_CDN_URL || DEFAULT_CDN_URL),
  };
}

/** A built-in signing-app address must be https without credentials, query or fragment: checked here, once. */
export function signingAppUrl(name, value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (url?.protocol !== 'https:' || url.username || url.password || url.search || url.hash) {
    throw new Error(`${name} must be an absolute https: URL without credentials, query or fragment, got "${value}"`);
  }
  return value;
}
