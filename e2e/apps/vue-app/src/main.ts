// The partner's Vue app. window.testApp lets the test drive it as a partner's app state would: mount with a token,
// re-render the parent, swap the token, unmount.
import { createApp, nextTick, type App } from 'vue';
import Parent from './Parent.vue';
import { observed, state } from './state';

// Each iframe once: the SDK's shared warm frame is added to <body>, then moved into the container that takes it.
const framesSeen = new WeakSet<Node>();
new MutationObserver((records) => {
  for (const record of records)
    for (const node of record.addedNodes) {
      if (node.nodeName !== 'IFRAME' || framesSeen.has(node)) continue;
      framesSeen.add(node);
      observed.framesAdded++;
    }
}).observe(document.body, { childList: true, subtree: true });

let app: App | undefined;

const testApp = {
  mount(token: string): void {
    state.token = token;
    app = createApp(Parent);
    app.mount('#app');
  },
  /** mount(), with the element `hidden` before its session starts (its check runs after this task). */
  mountHidden(token: string): void {
    testApp.mount(token);
    testApp.setHidden(true);
  },
  /** The standard `hidden` property of the app's <svc-contract-signing>, as a partner's code would set it. */
  setHidden(hidden: boolean): void {
    (document.querySelector('svc-contract-signing') as HTMLElement).hidden = hidden;
  },
  /** `count` re-renders of the parent, each flushed before the next. */
  async rerender(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      state.tick++;
      await nextTick();
    }
  },
  async setToken(token: string): Promise<void> {
    state.token = token;
    await nextTick();
  },
  unmount(): void {
    app?.unmount();
    app = undefined;
  },
  observed() {
    return {
      ...observed,
      framesNow: document.querySelectorAll('iframe').length,
      alert: document.querySelector('[role="alert"]')?.textContent ?? null,
      defined: customElements.get('svc-contract-signing') !== undefined,
    };
  },
};

Object.assign(window, { testApp });
