// What the test drives (the parent's state) and what it reads back (what the page observed).
import { reactive } from 'vue';

export const state = reactive({ token: '', tick: 0 });

export const observed = {
  /** Parent re-renders (updates after the first render). */
  renders: 0,
  /** How often the example emitted `signed` (contract-completed). */
  signed: 0,
  /** Every iframe ever added to the page. */
  framesAdded: 0,
};
