// <svc-contract-signing>: one signing session in the element itself. The token is a property only, or the element
// asks the partner's token-url for it (loader/token-url.ts); the options are attributes (element-attributes.ts),
// but appearance, a property (an object); the SDK's events are DOM events (element-events.ts).
import { hasOwn, withoutPrototype } from '../src/values';
import {
  REFLECTED,
  SESSION_ATTRIBUTES,
  TOKEN_ATTRIBUTES,
  defineReflectedProperties,
  isTokenAttribute,
  optionName,
  optionValue,
  propertyName,
  tokenAttributeRefused,
} from './element-attributes';
import { domEventName } from './element-events';
import { loadingError, startSession, type Session, type SessionSpec } from './session';
import { tokenUrlSource, type TokenUrlSource } from './token-url';
import type { SigningTokenSource, SvcContractsConfig } from './types';

// On a server there is no HTMLElement: the class is still defined (and exported), it just is never used there.
const BaseElement = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

// State kept off the element: it has no own property, so nothing that walks it (Object.keys, for…in, JSON, a
// structured clone, an error monitor) reaches the token, the session, or the session's key, which holds a token
// string (signingToken reads back undefined), and none reads a polluted Object.prototype. An element that refused a
// token attribute never starts a session: a property set later (as hydration does) must not hide the mistake. A
// queued check runs once for the changes of a task.
const tokens = new WeakMap<SvcContractSigning, SigningTokenSource>();
/** The running session of each element. */
const sessions = new WeakMap<SvcContractSigning, Session>();
/** Everything an element's session was created with, the token string too, by value: another key, another session. */
const sessionKeys = new WeakMap<SvcContractSigning, string>();
/** The live options and direction an element's session last took, by value: another key means an update(). */
const liveKeys = new WeakMap<SvcContractSigning, string>();
const appearances = new WeakMap<SvcContractSigning, SvcContractsConfig['appearance']>();
const refusedElements = new WeakSet<SvcContractSigning>();
const queuedChecks = new WeakSet<SvcContractSigning>();

/** Whether `element` has a session that open() can start again (not after a misuse, which ended it). */
export const hasSession = (element: SvcContractSigning): boolean => sessions.has(element);

export class SvcContractSigning extends BaseElement {
  static readonly observedAttributes: readonly string[] = [
    ...REFLECTED.map(([attribute]) => attribute),
    'nonce',
    ...TOKEN_ATTRIBUTES,
    // Standard attributes: hidden (the session is prepared ahead until it is cleared), and dir (the frame follows
    // the element's direction; an ancestor's dir is read at each check).
    'hidden',
    'dir',
  ];

  // Reflected attributes (accessors defined on the prototype below).
  declare contractId: string | null;
  declare appUrl: string | null;
  declare environment: string | null;
  declare locale: string | null;
  /** The frame's accessible name (the `frame-title` attribute; `title` stays the element's own tooltip). */
  declare frameTitle: string | null;
  declare width: number | string | null;
  declare height: number | string | null;
  declare minHeight: number | null;
  declare maxHeight: number | null;
  declare loadTimeout: number | null;
  declare debug: boolean;
  /** "frame" (default) or "popup": the signing app in a window of its own, opened when the session starts. */
  declare display: string | null;
  declare cdnUrl: string | null;
  /** Your own route (token-url, of the page's origin) the element POSTs to for `{ "signingToken": "…" }`. */
  declare tokenUrl: string | null;

  /**
   * The signing app's look (SvcContracts' `appearance` option), an object: a change updates the running session in
   * place; a wrong value while it runs is a TypeError on the console and changes nothing.
   */
  get appearance(): SvcContractsConfig['appearance'] {
    return appearances.get(this);
  }
  set appearance(appearance: SvcContractsConfig['appearance'] | null) {
    appearances.set(this, appearance ?? undefined);
    this._queueCheck();
  }

  /** The signer's token, or a function returning one (asked at each attempt; a new function does not restart). Write-only. */
  get signingToken(): undefined {
    return undefined;
  }
  set signingToken(token: SigningTokenSource | null | undefined) {
    if (token === null || token === undefined) tokens.delete(this);
    else tokens.set(this, token);
    this._queueCheck();
  }

  connectedCallback(): void {
    // A framework may have set properties before the element was defined: those own properties hide the
    // accessors; take their values through the accessors instead.
    for (const name of ['signingToken', 'appearance', ...REFLECTED.map(([attribute]) => propertyName(attribute))]) {
      if (hasOwn(this, name)) {
        const value = (this as never)[name];
        delete (this as Record<string, unknown>)[name];
        (this as Record<string, unknown>)[name] = value;
      }
    }
    this._queueCheck();
  }

  disconnectedCallback(): void {
    // Checked after the current task's synchronous work: a move (removed and inserted again) keeps the session.
    this._queueCheck();
  }

  attributeChangedCallback(): void {
    // A token attribute goes in the same task (a page's MutationObserver reads values a microtask later); also
    // when the element upgrades with one in its parsed HTML (browsers call this for each observed attribute).
    this._refuseTokenAttribute();
    this._queueCheck();
  }

  /** Opens the contract again after an error (reloads the SDK if it never loaded); resolves like SvcContracts.open(). */
  open(): Promise<void> {
    const contract = sessions.get(this)?.contract;
    if (contract) return contract.open();
    this._end();
    this._check();
    return Promise.resolve();
  }

  /** Removes the frame (SvcContracts.close()); open() or a change of the session starts it again. */
  close(): void {
    sessions.get(this)?.contract?.close();
  }

  /** Moves keyboard focus into the signing app once there is one; the element itself until then. */
  override focus(options?: FocusOptions): void {
    const contract = sessions.get(this)?.contract;
    if (contract) contract.focus();
    else super.focus(options);
  }

  private _queueCheck(): void {
    if (queuedChecks.has(this)) return;
    queuedChecks.add(this);
    queueMicrotask(() => {
      queuedChecks.delete(this);
      this._check();
    });
  }

  /** Starts, keeps or ends the session so that it matches the element's state now. */
  private _check(): void {
    this._refuseTokenAttribute();
    const token = tokens.get(this);
    const tokenUrl = this.getAttribute('token-url');
    if (refusedElements.has(this) || !this.isConnected || (token === undefined && tokenUrl === null))
      return this._end();
    // No prototype: the locale read out of it below must be an attribute's, never a polluted Object.prototype's.
    const options: Record<string, unknown> = Object.create(null);
    for (const [attribute, kind] of SESSION_ATTRIBUTES) {
      const value = optionValue(kind, this.getAttribute(attribute));
      if (value !== undefined && !(kind === 'flag' && !value)) options[optionName(attribute)] = value;
    }
    // locale and appearance update the running session; the SDK reads the direction again at each update().
    const { locale, ...created } = options;
    const live = { appearance: appearances.get(this), locale: locale as string | undefined };
    const liveKey = JSON.stringify([live, getComputedStyle(this).direction]);
    // The nonce property, not the attribute: browsers blank the attribute of a CSP page (nonce hiding).
    const loader = {
      cdnUrl: this.getAttribute('cdn-url') ?? undefined,
      nonce: this.nonce || this.getAttribute('nonce') || undefined,
    };
    const key = JSON.stringify([typeof token === 'function' ? 0 : token, tokenUrl, loader, created]);
    const liveChanged = liveKeys.get(this) !== liveKey;
    liveKeys.set(this, liveKey);
    const session = sessions.get(this);
    if (session && sessionKeys.get(this) === key) {
      try {
        if (liveChanged) session.update(live);
      } catch (error) {
        // biome-ignore lint/suspicious/noConsole: a wrong value is on the console only; the session goes on unchanged.
        console.error(error);
      }
      if (!this.hasAttribute('hidden')) session.show();
      return;
    }
    this._end();
    sessionKeys.set(this, key);
    this._start({ ...created, ...live }, loader, tokenUrl);
  }

  /** Starts a session with the signingToken property or the token-url's token function. */
  private _start(options: SessionSpec['options'], loader: SessionSpec['loader'], tokenUrl: string | null): void {
    let fromUrl: TokenUrlSource | undefined;
    try {
      fromUrl = tokenUrl === null ? undefined : tokenUrlSource(tokenUrl, tokens.has(this));
    } catch (error) {
      return this._misuse(error as Error);
    }
    sessions.set(
      this,
      startSession({
        container: this,
        token: fromUrl ? () => fromUrl.token : () => tokens.get(this),
        options,
        loader,
        hidden: this.hasAttribute('hidden'),
        onEvent: (event, payload) => this._dispatch(domEventName(event), fromUrl ? fromUrl.explain(payload) : payload),
        // The session could not start: the next change starts a new one (a fixed appearance or locale included).
        onMisuse: (error) => this._misuse(error),
      }),
    );
  }

  /**
   * Refuses the first attribute named as a token (any case): the one rule for finding one, whether the change was
   * observed or not (a name kept in another case by setAttributeNS or an XML document; happy-dom's upgrade).
   */
  private _refuseTokenAttribute(): void {
    const refused = this.getAttributeNames().find(isTokenAttribute);
    if (refused) this._refuse(refused);
  }

  /** Removes a token attribute by its exact name (removeAttribute() lowercases), never reading it; and the token. */
  private _refuse(name: string): void {
    this.removeAttributeNS(null, name);
    tokens.delete(this);
    refusedElements.add(this);
    this._misuse(tokenAttributeRefused(name));
  }

  private _end(): void {
    sessions.get(this)?.end();
    sessions.delete(this);
  }

  /**
   * A wrong option, a token-url misuse or a refused attribute ends the session; reported as contract-error after the
   * current task (a framework adds listeners after the attributes) and, unless a listener called preventDefault(),
   * on the console as the TypeError a call would have thrown.
   */
  private _misuse(error: Error): void {
    this._end();
    queueMicrotask(() => {
      if (this._dispatch('contract-error', loadingError(this.contractId ?? undefined, error.message)))
        // biome-ignore lint/suspicious/noConsole: a misuse no listener handled is reported where a TypeError would be.
        console.error(error);
    });
  }

  /**
   * Dispatches one of the element's events; true when its default action is still to be done: no listener called
   * preventDefault(). Only contract-error has one (the misuse's console line above; the CDN file's element shows
   * the error in its box, loader/cdn-element.ts, and returns false); every event is cancelable, which costs the
   * npm entry 5 B less than naming the one.
   */
  protected _dispatch(name: string, detail: unknown): boolean {
    return this.dispatchEvent(new CustomEvent(name, withoutPrototype({ detail, bubbles: true, cancelable: true })));
  }
}

defineReflectedProperties(SvcContractSigning.prototype);
