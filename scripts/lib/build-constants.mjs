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
    __SVC_APP_URL_PRODUCTION__: JSON.stringify(env.SVC_APP_URL_PRODUCTION || DEFAULT_APP_URLS.production),
    __SVC_APP_URL_QA__: JSON.stringify(env.SVC_APP_URL_QA || DEFAULT_APP_URLS.qa),
    __SVC_CDN_URL__: JSON.stringify(env.SVC_CDN_URL || DEFAULT_CDN_URL),
  };
}
