// Every event of the element, in the order the page saw them, in window.signingEvents for the test: listened to on
// the document (they bubble) before the app hydrates, so the first one is kept too.
const EVENTS = ['loading', 'loaded', 'ready', 'completed', 'declined', 'cancelled', 'error'];

declare global {
  interface Window {
    signingEvents: string[];
  }
}

export default defineNuxtPlugin({
  name: 'signing-events',
  enforce: 'pre',
  setup() {
    window.signingEvents = [];
    for (const name of EVENTS)
      document.addEventListener(`contract-${name}`, () => window.signingEvents.push(`contract-${name}`));
  },
});
