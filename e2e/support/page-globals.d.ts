// The globals of the pages the e2e suite drives, as tests read them in the browser (Host.evaluate, evaluateInFrame):
// the SDK's own, what the tests' in-page helpers record, and the harness and demo pages' counters. Declared once, so no
// test casts `window`; optional where a page may lack them.
/// <reference path="../../types/svc-sdk.d.ts" />
import type * as Axe from 'axe-core';

/** One entry of the in-page event log that sdk-driver.ts keeps (an SDK event, or an open()/prepare() outcome). */
export interface RecordedEntry {
  id: string;
  event: string;
  /** An event's payload as the SDK emitted it, or a rejection's { name, message }. */
  payload?: Record<string, any>;
  at: number;
}

/** sdk-driver.ts's in-page record: the instances by test id, their event log, token calls and open() times. */
export interface PageRecorder {
  log: RecordedEntry[];
  instances: Record<string, SvcSDK.SvcContracts>;
  tokenCalls: Record<string, number>;
  openedAt?: Record<string, number>;
}

/** An AMD loader's require() (RequireJS on the harness page), next to Node's in the global types. */
type AmdRequire = (modules: string[], loaded: (...exports: unknown[]) => void, failed?: (error: any) => void) => void;

declare global {
  interface Window {
    /** The script-tag build's global (types/svc-sdk.d.ts); undefined until the script ran. */
    SvcSDK?: typeof SvcSDK;
    // Set by the tests' own in-page code.
    __rec?: PageRecorder;
    /** CSP violations recorded by host.ts's recordViolations(). */
    __violations?: string[];
    /** pageshow's `persisted` on a harness page (e2e/scenarios/hidden-page.ts): restored from the back/forward cache. */
    __restoredFromCache?: boolean;
    /** console.log lines copied by setup-errors.ts. */
    __lines?: string[];
    /** securitypolicyviolation reports collected by setup-errors.ts. */
    __reported?: string[];
    /** e2e/scenarios/appearance.ts's hand-made parent: the app's port, and the types of what the app sent on it. */
    __appPort?: MessagePort;
    __appMessages?: string[];
    /** Marks a frame's document, so a reload or replacement is seen (its absence). */
    __before?: boolean;
    __prepared?: boolean;
    /** e2e/warm-frame.spec.ts marks the warm document: a reloaded or replaced frame would not have it. */
    __warm?: boolean | string;
    /** The instances the leak check keeps alive while it reads memory, and the contract.error count of all. */
    __kept?: SvcSDK.SvcContracts;
    __keptPrepared?: SvcSDK.SvcContracts;
    __leakErrors?: number;
    // The harness pages' own (e2e/support/pages/).
    /** RequireJS on the AMD page, and the errors it reported (pages/amd-errors.js). */
    require: AmdRequire;
    define?: { (...args: unknown[]): void; amd?: object };
    amdErrors?: string[];
    /** The hostile frame's counters (pages/hostile.js). */
    spoofRounds?: number;
    hijackReplies?: number;
    /** The imposter signing app's counters (pages/imposter.js). */
    helloSent?: boolean;
    initsReceived?: number;
    /** The demo page's log panel (demo/partner/demo-log.js). */
    DemoLog?: { add(level: string, text: string): void };
    /** axe-core, once accessibility.spec.ts injected it. */
    axe?: typeof Axe;
  }
}
