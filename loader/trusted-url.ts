import { SCRIPT_PATH, TRUSTED_TYPES_POLICY } from './constants';

// The few Trusted Types members used here (TypeScript's DOM library does not declare the API yet).
interface ScriptUrlPolicy {
  createScriptURL(input: string): unknown;
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(input: string): string }): ScriptUrlPolicy;
}

let policy: ScriptUrlPolicy | null | undefined;

/**
 * What to assign to `script.src`. Where the browser has Trusted Types, a TrustedScriptURL from our own policy,
 * which blesses nothing but this version's script path (so the policy cannot launder other URLs); elsewhere,
 * or when the page's `trusted-types` directive does not allow the policy, the plain string (which works unless
 * the page requires Trusted Types; the caller then reports the policy name to add).
 */
export function trustedScriptUrl(url: string): string {
  if (policy === undefined) {
    const factory = (window as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
    try {
      policy = factory
        ? factory.createPolicy(TRUSTED_TYPES_POLICY, {
            createScriptURL(input) {
              if (input.endsWith(SCRIPT_PATH)) return input;
              throw new TypeError(input);
            },
          })
        : null;
    } catch {
      policy = null; // the name is not in the page's trusted-types list, or another copy of the loader took it
    }
  }
  return policy ? (policy.createScriptURL(url) as string) : url;
}
