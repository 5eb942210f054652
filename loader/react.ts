// contracts-sdk/react: one signing session in a container React renders. Written with createElement (no JSX), so
// the entry needs no JSX runtime of its own and works with React 18 and 19 alike.
import {
  createElement,
  forwardRef,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ForwardRefExoticComponent,
  type RefAttributes,
} from 'react';
import { loadSvcSDK } from './load';
import { EVENT_CALLBACKS, SESSION_OPTIONS, type EventCallbacks, type SessionOptions } from './react-props';
import type { ContractErrorPayload, KnownErrorCode, SvcContracts } from './types';

export type { EventCallbacks, SessionOptions } from './react-props';

/** Props of `<ContractSigning>`. Which of them start a new session is listed in SESSION_OPTIONS (README "React"). */
export interface ContractSigningProps extends SessionOptions, EventCallbacks {
  /** The container's class. Changing it never restarts the session. */
  className?: string;
  /** The container's inline style (set through the DOM's style object, which a strict CSP allows). */
  style?: CSSProperties;
}

/** What a ref to `<ContractSigning>` gives. */
export interface ContractSigningHandle {
  /** Moves keyboard focus into the signing app (SvcContracts.focus()). */
  focus(): void;
  /** After an error: tries again (reloads the SDK if it never loaded, else opens the contract again). */
  retry(): void;
}

// The server has no layout: useLayoutEffect would only warn there (React 18), and nothing runs anyway.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Renders a `<div>` and runs one signing session in it: loads the SDK (the version this package pins, with
 * Subresource Integrity), creates an SvcContracts instance, opens it, and destroys it on unmount. Re-rendering
 * never restarts the session: callbacks and a token function are read from the latest render; only a change of
 * a session option (a different token string, contractId, appUrl, …) starts a new one.
 */
export const ContractSigning: ForwardRefExoticComponent<ContractSigningProps & RefAttributes<ContractSigningHandle>> =
  forwardRef<ContractSigningHandle, ContractSigningProps>(function ContractSigning(props, ref) {
    const container = useRef<HTMLDivElement>(null);
    const latest = useRef(props);
    const instance = useRef<SvcContracts | undefined>(undefined);
    // Bumped by retry() when the SDK itself failed to load: the session effect runs again.
    const [loadAttempt, setLoadAttempt] = useState(0);
    // A wrong prop (the SDK's TypeError) is thrown from render, so the nearest error boundary shows it.
    const [misuse, setMisuse] = useState<unknown>();
    if (misuse) throw misuse;

    useBrowserLayoutEffect(() => {
      latest.current = props;
    });

    // A token string is part of the session; a token function is not (the latest one is asked at each attempt).
    const token = props.signingToken;
    const session = [
      typeof token === 'function' ? 'function' : token,
      props.cdnUrl,
      props.nonce,
      ...SESSION_OPTIONS.map((name) => props[name]),
    ];

    // biome-ignore lint/correctness/useExhaustiveDependencies: the session key lists by value what starts a session; everything else is read from `latest`.
    useEffect(() => {
      const element = container.current!;
      let ended = false;
      let contract: SvcContracts | undefined;
      const call = <K extends keyof EventCallbacks>(name: K, payload: Parameters<NonNullable<EventCallbacks[K]>>[0]) =>
        (latest.current[name] as ((value: typeof payload) => void) | undefined)?.(payload);

      const { signingToken, cdnUrl, nonce } = latest.current;
      const config: Record<string, unknown> = {
        signingToken:
          typeof signingToken === 'function'
            ? () => (latest.current.signingToken as () => string | Promise<string>)()
            : signingToken,
      };
      for (const name of SESSION_OPTIONS) if (latest.current[name] !== undefined) config[name] = latest.current[name];

      loadSvcSDK({ cdnUrl, nonce }).then(
        (sdk) => {
          if (ended || !sdk) return;
          try {
            contract = new sdk.SvcContracts(element, config as never);
          } catch (error) {
            setMisuse(() => error);
            return;
          }
          for (const [event, name] of EVENT_CALLBACKS) contract.on(event, (payload) => call(name, payload as never));
          instance.current = contract;
          void contract.open();
        },
        (error: Error) => {
          if (ended) return;
          if (error instanceof TypeError) return setMisuse(() => error);
          // The script could not load (CSP, network, integrity): the same path as any loading failure.
          const payload: ContractErrorPayload = {
            contractId: latest.current.contractId,
            code: 'loading_error' satisfies KnownErrorCode,
            message: error.message,
            source: 'sdk',
          };
          call('onError', Object.freeze(payload));
        },
      );
      return () => {
        ended = true;
        contract?.destroy();
        if (instance.current === contract) instance.current = undefined;
      };
    }, [...session, loadAttempt]);

    useImperativeHandle(
      ref,
      () => ({
        focus: () => instance.current?.focus(),
        retry: () => (instance.current ? void instance.current.open() : setLoadAttempt((attempt) => attempt + 1)),
      }),
      [],
    );

    return createElement('div', { ref: container, className: props.className, style: props.style });
  });
