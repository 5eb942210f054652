import { PREFIX } from '../src/errors';
import { SDK_INTEGRITY, TRUSTED_TYPES_POLICY } from './constants';
import { diagnoseFailure } from './diagnose';
import type { ScriptRequest } from './options';
import { trustedScriptUrl } from './trusted-url';

/**
 * Adds `<script src integrity crossorigin="anonymous" [nonce]>` to the page and settles when it has run or has
 * been refused; a refused element is removed again, so a later call starts afresh.
 */
export function injectScript({ url, nonce }: ScriptRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    try {
      script.src = trustedScriptUrl(url);
    } catch {
      throw new Error(
        `${PREFIX}Trusted Types refused the script URL: add ${TRUSTED_TYPES_POLICY} to your CSP trusted-types.`,
      );
    }
    script.integrity = SDK_INTEGRITY;
    script.crossOrigin = 'anonymous';
    if (nonce) script.nonce = nonce;

    let blockingDirective: string | undefined;
    // The SDK's frame rule (src/frame-csp.ts): only an enforced script-src violation fired at this element, or at
    // the document for exactly this URL (or its origin, as engines strip it), may be ours; another element's
    // and a Report-Only policy's never are. Chromium fires at the document, so diagnoseFailure() names it only
    // when the file itself is fine.
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      const { target, blockedURI } = event;
      const ours =
        target === script || (target === document && (blockedURI === url || blockedURI === new URL(url).origin));
      if (ours && event.disposition === 'enforce' && /^script-src/.test(event.effectiveDirective))
        blockingDirective ??= event.effectiveDirective;
    };
    const stopListening = () => {
      script.onload = script.onerror = null;
      document.removeEventListener('securitypolicyviolation', onViolation);
    };
    script.onload = () => {
      stopListening();
      resolve();
    };
    script.onerror = () => {
      void diagnoseFailure(url, () => blockingDirective).then((cause) => {
        stopListening();
        script.remove();
        reject(new Error(PREFIX + cause));
      });
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    document.head.appendChild(script);
  });
}
