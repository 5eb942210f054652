// What the test drives (the parent's state) and what it reads back (what the page observed).
import { signal } from '@angular/core';

export const state = { token: signal(''), tick: signal(0) };

export const observed = {
  /** Parent template refreshes, the first included. */
  renders: 0,
  /** How often the example emitted `signed` (contract-completed). */
  signed: 0,
  /** Every iframe ever added to the page. */
  framesAdded: 0,
};
