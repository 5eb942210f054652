// One signing session of a binding (<ContractSigning>, <svc-contract-signing>): load the SDK, construct, wire the
// events, open. Both bindings start, restart and end sessions through this module, so they cannot drift apart.
import { EVENT_NAMES } from '../src/emitter';
import { loadForBinding } from './load';
import type {
  ContractErrorPayload,
  ContractEventName,
  KnownErrorCode,
  LoadSvcSDKOptions,
  SigningTokenSource,
  SvcContracts,
  SvcContractsConfig,
} from './types';

/**
 * The SvcContracts options a session is created with, in addition to `signingToken` and the loader's `cdnUrl`
 * and `nonce`. A change of any of these (by value) ends the session and starts a new one.
 */
export const SESSION_OPTIONS = [
  'contractId',
  'appUrl',
  'environment',
  'title',
  'width',
  'height',
  'minHeight',
  'maxHeight',
  'loadTimeout',
  'debug',
  'display',
  'dir',
] as const satisfies readonly Exclude<keyof SvcContractsConfig, 'signingToken'>[];

/**
 * The options a running session takes as they change, by SvcContracts.update(): the signing app applies them in
 * place (same document, no new session). A session is created with them too.
 */
export const LIVE_OPTIONS = ['appearance', 'locale'] as const satisfies readonly (keyof SvcUpdate)[];

export type SessionOptionName = (typeof SESSION_OPTIONS)[number] | (typeof LIVE_OPTIONS)[number];

/** What update() takes: the live options. */
type SvcUpdate = Parameters<SvcContracts['update']>[0];

/** What a binding gives a session: where it runs, what it is created with, and where its outcomes go. */
export interface SessionSpec {
  container: Element;
  /**
   * The binding's latest token source. A string is read once, at the start (another string is another session);
   * a function is looked up again at each attempt, so the latest render's or assignment's function answers.
   */
  token: () => SigningTokenSource | undefined;
  /** The session options (an undefined one is not given, as the SDK takes it). */
  options: Partial<Pick<SvcContractsConfig, SessionOptionName>>;
  loader: LoadSvcSDKOptions;
  /** Start hidden: prepare() (loaded ahead, no box, not focusable) until show() opens it. */
  hidden?: boolean;
  /**
   * An SDK event happened; the binding passes it on under its own name (a callback prop, a DOM event). A script
   * that could not load (CSP, network, integrity) is a `contract.error` too, with the `loading_error` payload.
   */
  onEvent: (event: ContractEventName, payload: unknown) => void;
  /** A wrong option (the SDK's TypeError): the binding reports it as a thrown misuse. */
  onMisuse: (error: Error) => void;
}

/** A running session; show() and end() are idempotent. */
export interface Session {
  /** The instance, once the SDK has loaded and it was constructed. */
  contract?: SvcContracts;
  /** Shows a session started hidden: open() on the prepared instance, now or as soon as it is constructed. */
  show(): void;
  /** Starts an attempt (the first, or a retry after an error): open() once shown, prepare() until then. */
  attempt(): Promise<void> | undefined;
  /**
   * Applies the live options (the whole set, as update() replaces them): update() on the instance, or the options
   * the instance is still to be constructed with. A wrong value throws the SDK's TypeError and changes nothing.
   */
  update(changes: SvcUpdate): void;
  end(): void;
}

/** Loads the SDK and opens one session in `spec.container`. */
export function startSession(spec: SessionSpec): Session {
  let ended = false;
  // Hiding again after it was shown is the binding's business (the element is hidden): the session stays shown.
  let shown = !spec.hidden;
  let contract: SvcContracts | undefined;
  const session: Session = {
    show() {
      if (shown) return;
      shown = true;
      void session.attempt();
    },
    attempt() {
      return shown ? contract?.open() : contract?.prepare();
    },
    update(changes) {
      if (contract) contract.update(changes);
      else Object.assign(config, changes);
    },
    end() {
      ended = true;
      contract?.destroy();
    },
  };
  const token = spec.token();
  const config = {
    ...spec.options,
    signingToken: typeof token === 'function' ? () => (spec.token() as () => string | Promise<string>)() : token,
  };
  loadForBinding(spec.loader)
    .then((sdk) => {
      if (ended || !sdk) return;
      // A wrong option throws a TypeError here, as a wrong loader option rejects above: both are a misuse.
      contract = new sdk.SvcContracts(spec.container, config as SvcContractsConfig);
      for (const event of EVENT_NAMES) contract.on(event, (payload) => spec.onEvent(event, payload));
      session.contract = contract;
      void session.attempt();
    })
    .catch((error: Error) => {
      if (ended) return;
      if (error instanceof TypeError) return spec.onMisuse(error);
      spec.onEvent('contract.error', loadingError(spec.options.contractId, error.message));
    });
  return session;
}

/**
 * The frozen `loading_error` payload of a session that could not start (the script or a misuse). The message is
 * the loader's or the SDK's, which already starts with "[contracts-sdk] ". No attempt started: attemptId "-", as
 * in a debug line outside any attempt (README "Support and tracing").
 */
export function loadingError(contractId: string | undefined, message: string): ContractErrorPayload {
  return Object.freeze({
    contractId,
    attemptId: '-',
    code: 'loading_error' satisfies KnownErrorCode,
    message,
    source: 'sdk',
  } satisfies ContractErrorPayload);
}
