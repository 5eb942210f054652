// The partner's Angular app. window.testApp lets the test drive it as a partner's app state would: mount with a
// token, re-render the parent, swap the token, unmount.
import type { ApplicationRef } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { Parent } from './app/parent';
import { observed, state } from './app/state';

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

let app: ApplicationRef | undefined;

const testApp = {
  async mount(token: string): Promise<void> {
    state.token.set(token);
    app = await bootstrapApplication(Parent);
  },
  /** `count` re-renders of the parent, each checked before the next. */
  async rerender(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      state.tick.update((tick) => tick + 1);
      app!.tick();
    }
  },
  async setToken(token: string): Promise<void> {
    state.token.set(token);
    app!.tick();
  },
  unmount(): void {
    app?.destroy();
    app = undefined;
  },
  observed() {
    return {
      ...observed,
      framesNow: document.querySelectorAll('iframe').length,
      alert: document.querySelector('[role="alert"]')?.textContent?.trim() ?? null,
    };
  },
};

Object.assign(window, { testApp });
