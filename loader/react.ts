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
import { callbackName, type EventCallbacks, type SessionOptions } from './react-props';
import { LIVE_OPTIONS, SESSION_OPTIONS, startSession, type Session } from './session';

export type { EventCallbacks, SessionOptions } from './react-props';

/**
 * Props of `<ContractSigning>`. Which of them start a new session is listed in SESSION_OPTIONS; which update the
 * running one, in LIVE_OPTIONS (README "React").
 */
export interface ContractSigningProps extends SessionOptions, EventCallbacks {
  /** The container's class. Changing it never restarts the session. */
  className?: string;
  /** The container's inline style (set through the DOM's style object, which a strict CSP allows). */
  style?: CSSProperties;
  /**
   * Prepares the session ahead, hidden (SvcContracts.prepare(): no box, not focusable, not in the accessibility
   * tree; the token is asked now). Clearing it shows the ready frame at once; setting it again only hides the
   * container. Never restarts the session.
   */
  hidden?: boolean;
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
 * never restarts the session: callbacks and a token function are read from the latest render; a change of
 * `appearance` (by value) or `locale` updates the running session in place; only a change of a session option
 * (a different token string, contractId, appUrl, dir, …) starts a new one. `hidden` prepares it ahead.
 */
export const ContractSigning: ForwardRefExoticComponent<ContractSigningProps & RefAttributes<ContractSigningHandle>> =
  forwardRef<ContractSigningHandle, ContractSigningProps>(function ContractSigning(givenProps, ref) {
    // Own props only, as the SDK reads its options: a key of a polluted Object.prototype is no prop here.
    const props: ContractSigningProps = Object.assign(Object.create(null), givenProps);
    const container = useRef<HTMLDivElement>(null);
    const latest = useRef(props);
    const running = useRef<Session | undefined>(undefined);
    // Bumped by retry() when the SDK itself failed to load: the session effect runs again.
    const [loadAttempt, setLoadAttempt] = useState(0);
    // A wrong prop (the SDK's TypeError) is thrown from render, so the nearest error boundary shows it.
    const [misuse, setMisuse] = useState<unknown>();
    if (misuse) throw misuse;

    // Every commit: the latest props, and a shown container shows its session (show() is idempotent), in the same
    // commit as the container, so a prepared frame is ready at once.
    useBrowserLayoutEffect(() => {
      latest.current = props;
      if (!props.hidden) running.current?.show();
    });

    // appearance and locale, as update() takes them (undefined: none).
    const live = Object.fromEntries(LIVE_OPTIONS.map((name) => [name, props[name]]));
    // A token string is part of the session; a token function is not (the latest one is asked at each attempt).
    const token = props.signingToken;
    const sessionKey = [
      typeof token === 'function' ? 'function' : token,
      props.cdnUrl,
      props.nonce,
      ...SESSION_OPTIONS.map((name) => props[name]),
    ];

    // biome-ignore lint/correctness/useExhaustiveDependencies: the session key lists by value what starts a session; what may change without restarting it is read from `latest`.
    useEffect(() => {
      const session = startSession({
        container: container.current!,
        token: () => latest.current.signingToken,
        // Undefined ones too: the SDK takes an undefined option as one not given.
        options: { ...Object.fromEntries(SESSION_OPTIONS.map((name) => [name, props[name]])), ...live },
        loader: props, // its cdnUrl and nonce
        hidden: props.hidden,
        onEvent: (event, payload) =>
          (latest.current[callbackName(event)] as ((value: unknown) => void) | undefined)?.(payload),
        onMisuse: (error) => setMisuse(() => error),
      });
      running.current = session;
      return () => {
        // React runs this before the next session's effect: `running` is this session until then.
        session.end();
        running.current = undefined;
      };
    }, [...sessionKey, loadAttempt]);

    // The live options by value (the same appearance in a new object literal is no change): update() the running
    // session in place. A wrong value throws the SDK's TypeError here: React passes it to the error boundary.
    // biome-ignore lint/correctness/useExhaustiveDependencies: compared by value; the session has them from its start.
    useEffect(() => {
      running.current?.update(live);
    }, [JSON.stringify(live)]);

    useImperativeHandle(
      ref,
      () => ({
        focus: () => running.current?.contract?.focus(),
        retry: () => {
          const session = running.current;
          return session?.contract ? void session.attempt() : setLoadAttempt((attempt) => attempt + 1);
        },
      }),
      [],
    );

    return createElement('div', {
      ref: container,
      className: props.className,
      style: props.style,
      hidden: props.hidden,
    });
  });
