// A partner's layout data, as most apps have: sent to the browser in the page's HTML and in __data.json on each
// client-side navigation, which is why the signing token never goes into a load function (docs/frameworks.md).
import type { LayoutServerLoad } from './$types';

export const load: LayoutServerLoad = ({ locals }) => ({ signedIn: locals.signer !== undefined });
