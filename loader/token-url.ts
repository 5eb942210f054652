// <svc-contract-signing token-url="/api/signing-token">: the element asks the partner's own route for the token at
// each attempt and at each renewal, so that nothing secret is in the markup a server renders.
import { PREFIX, configError } from '../src/errors';
import { hasOwn, withoutPrototype } from '../src/values';
import type { ContractErrorPayload } from './types';

/**
 * POST (no cache or prefetch answers it), the page's own cookies, never cached, no redirect followed (it could
 * lead off the origin). The custom header is the route's CSRF defence: a cross-site form cannot send it, and a
 * cross-site script cannot without the route's CORS consent. Neither object has a prototype: fetch() reads every
 * init member it knows, and the headers' Symbol.iterator, inherited ones too (Object.prototype.mode = 'no-cors'
 * would drop the header).
 */
const REQUEST: RequestInit = withoutPrototype({
  method: 'POST',
  credentials: 'same-origin',
  cache: 'no-store',
  redirect: 'error',
  headers: withoutPrototype({ 'X-Requested-With': 'contracts-sdk' }),
});

/** The token function of a token-url, and what explains its failure in contract-error. */
export interface TokenUrlSource {
  token: () => Promise<string>;
  /**
   * The payload to dispatch for an SDK event's: the SDK's loading_error for a failed token function ("threw,
   * rejected or gave no non-empty string") gets the message of what failed.
   */
  explain: (payload: unknown) => unknown;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The token function of a token-url, resolved against the document's base URL. A TypeError unless it is a URL of
 * the page's origin (the token comes from the partner's own backend, which knows the signer by its cookies), or if
 * the signingToken property is set too (which one counts would be a guess).
 */
export function tokenUrlSource(text: string, propertyToo: boolean): TokenUrlSource {
  if (propertyToo)
    throw configError('<svc-contract-signing> has both the signingToken property and token-url: use one.');
  let url: URL | undefined;
  try {
    url = new URL(text, document.baseURI);
  } catch {
    // Named below as "unparsable".
  }
  if (url?.origin !== location.origin)
    throw configError(
      `token-url must be of this page's origin (${location.origin}), not ${url?.origin ?? 'unparsable'}.`,
    );
  // What failed, once a request has failed (never while one is under way: a loading_error of the frame then is
  // the SDK's own), until the next request: the status, never the answer's text (the server's to choose).
  let failure: string | undefined;
  return {
    async token() {
      failure = undefined;
      const response = await fetch(url, REQUEST).catch(() => {
        throw (failure = 'failed (network, redirect or connect-src)');
      });
      const body: unknown =
        response.ok &&
        JSON_TYPE.test(response.headers.get('Content-Type') ?? '') &&
        // Unparsable: no answer, as below.
        (await response.json().catch(() => undefined));
      // Own only: a polluted Object.prototype's signingToken is no answer.
      const token = body && hasOwn(body, 'signingToken') && (body as { signingToken: unknown }).signingToken;
      if (typeof token !== 'string' || !token.trim())
        throw (failure = `answered ${response.status}: expected 2xx application/json {"signingToken": "…"}`);
      return token;
    },
    explain(payload) {
      return failure && (payload as ContractErrorPayload).code === 'loading_error'
        ? Object.freeze({ ...(payload as ContractErrorPayload), message: `${PREFIX}token-url ${failure}.` })
        : payload;
    },
  };
}
