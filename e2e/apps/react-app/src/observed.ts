// What the app's window.testApp.observed() reports: shared by the app (src/main.tsx) and the test that reads it.
export interface Observed {
  /** How many times the parent rendered. */
  renders: number;
  /** The parent render whose onSigned closure ran (0: none yet). */
  signedByRender: number;
  /** Every iframe ever added to the page, and how many are in it now. */
  framesAdded: number;
  framesNow: number;
  /** What the README example shows the signer when signing stops. */
  alert: string | null;
  /** How often the parent's mount effect ran: 2 under StrictMode in development (its double effects), else 1. */
  mountEffects: number;
}
