// loadSvcSDK() in happy-dom: the element it adds, one load per page, reuse, and every rejection. happy-dom does not
// fetch scripts, so each test plays the browser's part: it fires the element's load or error event (and stubs the
// diagnostic fetch). Real loading, SRI, CSP and Trusted Types are covered in Chromium by e2e/npm-package.spec.ts.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CDN_URL } from '../../lib/build-constants.mjs';

const { version: VERSION } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
const PATH = `/packages/contracts-sdk/${VERSION}/index.umd.js`;
const INTEGRITY = 'sha384-unit-test-integrity';

type Loader = typeof import('../../loader/pure');
let loader: Loader;

// happy-dom answers every script element at once with an "error" (file loading is disabled); these tests play the
// browser themselves, so they stop happy-dom's events before they reach the element and dispatch their own.
const playedByTest = new WeakSet<Event>();
const dropHappyDomEvent = (event: Event) => {
  if (event.target instanceof HTMLScriptElement && !playedByTest.has(event)) event.stopImmediatePropagation();
};
function play(script: HTMLScriptElement, event: Event) {
  playedByTest.add(event);
  script.dispatchEvent(event);
}

beforeEach(async () => {
  vi.resetModules(); // the loader keeps one load per page in module state: every test gets a fresh page and module
  document.head.innerHTML = '';
  delete (window as { SvcSDK?: unknown }).SvcSDK;
  document.addEventListener('error', dropHappyDomEvent, true);
  document.addEventListener('load', dropHappyDomEvent, true);
  // Nothing here may reach the network: a test that needs the diagnostic fetch stubs its answer.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('no network in unit tests'))),
  );
  loader = await import('../../loader/pure');
});

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).cdnUrl;
  document.removeEventListener('error', dropHappyDomEvent, true);
  document.removeEventListener('load', dropHappyDomEvent, true);
});

const scripts = () => [...document.querySelectorAll('script')];
const sdk = (version = loader.SDK_VERSION) => ({ SDK_VERSION: version, SvcContracts: class {}, KNOWN_ERROR_CODES: {} });

/** Plays the browser: the script ran and defined SvcSDK. */
function runScript(script: HTMLScriptElement, version?: string) {
  Object.assign(window, { SvcSDK: sdk(version) });
  play(script, new Event('load'));
}

const message = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: Error) => `${error.name}: ${error.message}`,
  );

describe('loadSvcSDK(): the script element', () => {
  it('adds one pinned script with the baked integrity, CORS mode, and resolves window.SvcSDK', async () => {
    expect(loader.SDK_VERSION).toBe(VERSION);
    expect(loader.SDK_INTEGRITY).toBe(INTEGRITY);
    const loading = loader.loadSvcSDK();
    const [script] = scripts();
    expect(scripts()).toHaveLength(1);
    expect(script.getAttribute('src')).toBe(`${DEFAULT_CDN_URL}${PATH}`);
    expect(script.getAttribute('integrity')).toBe(INTEGRITY);
    expect(script.getAttribute('crossorigin')).toBe('anonymous');
    expect(script.hasAttribute('nonce')).toBe(false);
    runScript(script);
    await expect(loading).resolves.toBe((window as unknown as { SvcSDK: unknown }).SvcSDK);
  });

  it('uses cdnUrl (with a path prefix, trailing slash or not) and sets the CSP nonce', async () => {
    void loader.loadSvcSDK({ cdnUrl: 'https://cdn.partner.example/sdk/', nonce: 'r4nd0m' });
    expect(scripts()[0].getAttribute('src')).toBe(`https://cdn.partner.example/sdk${PATH}`);
    expect(scripts()[0].nonce).toBe('r4nd0m');
  });

  it('reads own options only: a polluted Object.prototype changes nothing', async () => {
    (Object.prototype as Record<string, unknown>).cdnUrl = 'https://evil.example';
    void loader.loadSvcSDK({});
    expect(scripts()[0].getAttribute('src')).toBe(`${DEFAULT_CDN_URL}${PATH}`);
  });
});

describe('loadSvcSDK(): one load per page', () => {
  it('ten concurrent calls share one element and one promise', async () => {
    const calls = Array.from({ length: 10 }, () => loader.loadSvcSDK({ cdnUrl: 'http://localhost:9000' }));
    expect(new Set(calls).size).toBe(1);
    expect(scripts()).toHaveLength(1);
    runScript(scripts()[0]);
    const loaded = await Promise.all(calls);
    expect(loaded.every((value) => value === loaded[0])).toBe(true);
  });

  it("React StrictMode's mount, cleanup, mount adds one element", async () => {
    let cancelled = false;
    const first = loader.loadSvcSDK().then((value) => (cancelled ? 'ignored' : value));
    cancelled = true; // cleanup of the first effect
    const second = loader.loadSvcSDK();
    expect(scripts()).toHaveLength(1);
    runScript(scripts()[0]);
    await expect(first).resolves.toBe('ignored');
    await expect(second).resolves.toBe((window as unknown as { SvcSDK: unknown }).SvcSDK);
  });

  it('refuses other options while a load is under way', async () => {
    void loader.loadSvcSDK({ cdnUrl: 'https://cdn.one.example' });
    expect(await message(loader.loadSvcSDK({ cdnUrl: 'https://cdn.two.example' }))).toBe(
      'TypeError: [contracts-sdk] loadSvcSDK() is already loading with other options: pass the same cdnUrl and nonce every time.',
    );
    expect(scripts()).toHaveLength(1);
  });

  it('the nonce is part of the load: another nonce is refused, the same one shares the load', async () => {
    const first = loader.loadSvcSDK({ nonce: 'n-1' });
    expect(loader.loadSvcSDK({ nonce: 'n-1' })).toBe(first);
    const other = loader.loadSvcSDK({ nonce: 'n-2' });
    expect(other, 'not the load with the other nonce').not.toBe(first);
    expect(await message(other)).toBe(
      'TypeError: [contracts-sdk] loadSvcSDK() is already loading with other options: pass the same cdnUrl and nonce every time.',
    );
    expect(await message(loader.loadSvcSDK())).toMatch(/already loading with other options/);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0].nonce).toBe('n-1');
  });

  it('reuses an SvcSDK of this version already on the page, without an element', async () => {
    Object.assign(window, { SvcSDK: sdk() });
    await expect(loader.loadSvcSDK()).resolves.toBe((window as unknown as { SvcSDK: unknown }).SvcSDK);
    expect(scripts()).toHaveLength(0);
  });

  it('names another version already on the page, before or after loading', async () => {
    Object.assign(window, { SvcSDK: sdk('0.9.0') });
    const expected = `Error: [contracts-sdk] the page already has SvcSDK 0.9.0, this package loads ${VERSION}: use one version per page.`;
    expect(await message(loader.loadSvcSDK())).toBe(expected);
    expect(scripts()).toHaveLength(0);
    delete (window as { SvcSDK?: unknown }).SvcSDK;
    const loading = loader.loadSvcSDK();
    runScript(scripts()[0], '0.9.0'); // another script overwrote the global while ours loaded
    expect(await message(loading)).toBe(expected);
  });
});

describe('loadSvcSDK(): failures name their cause, and a later call tries again', () => {
  const url = `${DEFAULT_CDN_URL}${PATH}`;
  const fail = async (fetchResult: () => Promise<Response>, before?: (script: HTMLScriptElement) => void) => {
    vi.stubGlobal('fetch', vi.fn(fetchResult));
    const loading = loader.loadSvcSDK();
    const [script] = scripts();
    before?.(script);
    play(script, new Event('error'));
    const text = await message(loading);
    expect(scripts(), 'the refused element is removed').toHaveLength(0);
    expect(fetch).toHaveBeenCalledWith(url);
    return text;
  };

  it('network failure or content blocker', async () => {
    expect(await fail(() => Promise.reject(new TypeError('Failed to fetch')))).toBe(
      `Error: [contracts-sdk] could not download ${url} (network failure, ad blocker, or no CORS header).`,
    );
    void loader.loadSvcSDK();
    expect(scripts(), 'the next call injects again').toHaveLength(1);
  });

  it('an HTTP error status', async () => {
    expect(await fail(() => Promise.resolve(new Response('Not found', { status: 404 })))).toBe(
      `Error: [contracts-sdk] ${url} answered HTTP 404.`,
    );
  });

  it('an integrity mismatch names both hashes, the pinned one as expected and what the CDN serves as received', async () => {
    const body = 'window.SvcSDK = "tampered";';
    const actual = 'sha384-' + createHash('sha384').update(body).digest('base64');
    expect(await fail(() => Promise.resolve(new Response(body)))).toBe(
      `Error: [contracts-sdk] integrity mismatch: ${url} is not the file contracts-sdk ${VERSION} pins (expected ${INTEGRITY}, received ${actual}).`,
    );
  });

  /** A script-src violation as a browser fires it, at `target` (the element, or the document). */
  const violate = (target: EventTarget, fields: Record<string, string> = {}) => {
    const event = new Event('securitypolicyviolation', { bubbles: true, composed: true });
    target.dispatchEvent(
      Object.assign(event, {
        blockedURI: url,
        effectiveDirective: 'script-src-elem',
        disposition: 'enforce',
        ...fields,
      }),
    );
  };
  const CSP_CAUSE = `Error: [contracts-sdk] the page's Content Security Policy (script-src-elem) blocked ${url}: allow ${DEFAULT_CDN_URL} in script-src, or pass the nonce option.`;

  it.each([
    ['at the element', (script: HTMLScriptElement) => violate(script)],
    ['at the document, for this URL', () => violate(document)],
    ['at the document, for its origin only', () => violate(document, { blockedURI: DEFAULT_CDN_URL })],
  ])("the page's CSP, reported by its securitypolicyviolation event %s", async (_, before) => {
    expect(await fail(() => Promise.reject(new TypeError('blocked')), before)).toBe(CSP_CAUSE);
  });

  it.each([
    // The partner's own tag for the same file, without the nonce: blocked, while ours (with it) failed otherwise.
    [
      'another script element, for the same URL',
      () => {
        const other = document.createElement('script');
        document.body.append(other);
        violate(other);
        other.remove();
      },
    ],
    // As Chromium reports the partner's tag: at the document, for the same URL.
    ['another tag for the same URL, fired at the document', () => violate(document)],
    ['another script of the same CDN', () => violate(document, { blockedURI: `${DEFAULT_CDN_URL}/other.js` })],
    [
      'a Report-Only policy, even for this element',
      (script: HTMLScriptElement) => violate(script, { disposition: 'report' }),
    ],
  ])('names the real cause, not a violation of %s', async (_, before) => {
    expect(await fail(() => Promise.resolve(new Response('Not found', { status: 404 })), before)).toBe(
      `Error: [contracts-sdk] ${url} answered HTTP 404.`,
    );
  });

  // With the file unreachable too (no status: what a blocked script also looks like), only our own violation may
  // be named; anything else leaves the download failure as the cause.
  it.each([
    [
      'another script element, for the same URL',
      () => {
        const other = document.createElement('script');
        document.body.append(other);
        violate(other);
        other.remove();
      },
    ],
    ['another element of another kind', () => violate(document.body.appendChild(document.createElement('img')))],
    [
      'another script of the same CDN, at the document',
      () => violate(document, { blockedURI: `${DEFAULT_CDN_URL}/other.js` }),
    ],
    ['another origin, at the document', () => violate(document, { blockedURI: 'https://ads.example' })],
    [
      'a Report-Only policy, at this element',
      (script: HTMLScriptElement) => violate(script, { disposition: 'report' }),
    ],
    ['a Report-Only policy, at the document for this URL', () => violate(document, { disposition: 'report' })],
    // The page's connect-src refusing the diagnostic fetch: a violation for this URL, but not a script's.
    ['connect-src, at the document for this URL', () => violate(document, { effectiveDirective: 'connect-src' })],
  ])('a download failure is not blamed on the CSP for a violation of %s', async (_, before) => {
    expect(await fail(() => Promise.reject(new TypeError('Failed to fetch')), before)).toBe(
      `Error: [contracts-sdk] could not download ${url} (network failure, ad blocker, or no CORS header).`,
    );
  });

  it('our own blocked script is named whatever came before it, and by its first directive', async () => {
    const cause = await fail(
      () => Promise.reject(new TypeError('blocked')),
      (script) => {
        violate(document, { blockedURI: 'https://ads.example' });
        violate(script, { disposition: 'report', effectiveDirective: 'script-src' });
        violate(script); // script-src-elem, enforced: ours
        violate(document, { effectiveDirective: 'script-src' });
      },
    );
    expect(cause).toBe(CSP_CAUSE);
  });
});

describe('loadSvcSDK(): wrong options reject at once with a fix, and add nothing', () => {
  it.each([
    [{ cdn: 'https://x.example' }, 'TypeError: [contracts-sdk] loadSvcSDK(): cdn is not an option (cdnUrl, nonce).'],
    [
      { cdnUrl: 'http://cdn.example.com' },
      'TypeError: [contracts-sdk] cdnUrl must be an https: URL (http: on localhost only) without credentials, query or fragment.',
    ],
    [
      { cdnUrl: 'https://cdn.example.com/?v=1' },
      'TypeError: [contracts-sdk] cdnUrl must be an https: URL (http: on localhost only) without credentials, query or fragment.',
    ],
    [
      { cdnUrl: 'cdn.example.com' },
      'TypeError: [contracts-sdk] cdnUrl must be an https: URL (http: on localhost only) without credentials, query or fragment.',
    ],
    [{ nonce: '' }, 'TypeError: [contracts-sdk] nonce must be the non-empty nonce of your CSP script-src.'],
    [{ nonce: 42 }, 'TypeError: [contracts-sdk] nonce must be the non-empty nonce of your CSP script-src.'],
  ])('%j', async (options, expected) => {
    expect(await message(loader.loadSvcSDK(options as never))).toBe(expected);
    expect(scripts()).toHaveLength(0);
  });
});

describe('Trusted Types', () => {
  it(`assigns the URL through the "contracts-sdk" policy, which blesses nothing but the SDK script`, async () => {
    const created: Array<{ name: string; createScriptURL(input: string): string }> = [];
    vi.stubGlobal('trustedTypes', {
      createPolicy: (name: string, rules: { createScriptURL(input: string): string }) => {
        created.push({ name, ...rules });
        return { createScriptURL: (input: string) => rules.createScriptURL(input) };
      },
    });
    void loader.loadSvcSDK();
    expect(created.map((policy) => policy.name)).toEqual([loader.TRUSTED_TYPES_POLICY]);
    expect(loader.TRUSTED_TYPES_POLICY).toBe('contracts-sdk');
    expect(scripts()[0].getAttribute('src')).toBe(`${DEFAULT_CDN_URL}${PATH}`);
    expect(() => created[0].createScriptURL('https://evil.example/x.js')).toThrow(TypeError);
  });

  /** A Trusted Types factory as browsers have it: a name can be taken once; the URL comes back wrapped. */
  function trustedTypesLike(allowed = true) {
    const names: string[] = [];
    vi.stubGlobal('trustedTypes', {
      createPolicy: (name: string, rules: { createScriptURL(input: string): string }) => {
        names.push(name);
        if (!allowed || names.indexOf(name) !== names.length - 1) throw new TypeError(`policy ${name} refused`);
        return {
          createScriptURL: (input: string) => ({ trusted: rules.createScriptURL(input), toString: () => input }),
        };
      },
    });
    // What the loader assigns to script.src, before happy-dom turns it into a string.
    const assigned: unknown[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, 'src')!;
    vi.spyOn(HTMLScriptElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLScriptElement, value) {
      assigned.push(value);
      descriptor.set!.call(this, String(value));
    });
    return { names, assigned };
  }

  it("assigns the policy's TrustedScriptURL, not the string, and creates the policy once per page", async () => {
    const { names, assigned } = trustedTypesLike();
    const first = loader.loadSvcSDK();
    play(scripts()[0], new Event('error')); // fails: a later call loads again, through the same policy
    await message(first);
    void loader.loadSvcSDK();
    expect(names).toEqual([loader.TRUSTED_TYPES_POLICY]);
    expect(assigned).toHaveLength(2);
    for (const value of assigned) expect(value).toMatchObject({ trusted: `${DEFAULT_CDN_URL}${PATH}` });
  });

  it('a page whose trusted-types list lacks the policy: asked once, then the plain URL', async () => {
    const { names, assigned } = trustedTypesLike(false);
    const first = loader.loadSvcSDK();
    play(scripts()[0], new Event('error'));
    await message(first);
    void loader.loadSvcSDK();
    expect(names).toEqual([loader.TRUSTED_TYPES_POLICY]);
    expect(assigned).toEqual([`${DEFAULT_CDN_URL}${PATH}`, `${DEFAULT_CDN_URL}${PATH}`]);
  });
});
