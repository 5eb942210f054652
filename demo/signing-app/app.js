// The app side of docs/protocol.md (version 1): hello to the parent (in a frame) or the opener (in a window of its
// own, display "popup"), accept one init with a MessagePort,
// then report loaded / ready / an outcome (completed, declined, cancelled) / error / resize, the signer's steps and
// activity over that port, and answer the SDK's focus request. The partner's appearance, direction and locale come
// in init and, with feature `update`, in `update` messages that the app applies in place (appearance.js).
// Every document of the frame does this, so a reload (or a return from another page) gets the session back. The token stays in this closure: it is
// sent only in POST bodies to this origin and never logged, rendered or put in a URL.
(function () {
  'use strict';
  var PROTOCOL = 'svc-contracts';
  var VERSION = 1;
  // Versions this app speaks, listed in hello; the SDK answers with the highest both know.
  var VERSIONS = [1];
  // After this long without init the SDK is not going to answer (the contract was completed, or the partner
  // closed the frame): say so instead of showing "Loading" for ever.
  var INIT_WAIT_MS = 5000;
  // While offline mid-signing: how often the signature is sent again if the browser fires no `online` event.
  var OFFLINE_RETRY_MS = 5000;
  // The signer's activity is reported at most this often; the SDK decides what the partner sees (every 30 s).
  var ACTIVITY_EVERY_MS = 1000;
  // How long the `freeze` scenario's busy loop holds the app (bounded, so a browser that runs the frame in the
  // page's own process gets its page back).
  var FREEZE_MS = 30000;
  var view = window.SandboxSigningView;
  var keepAliveKit = window.SandboxKeepAlive;
  var appearance = window.SandboxAppearance;
  var strings = window.SandboxSigningStrings;
  // Features this app lists in hello besides keepalive.js's: the SDK's init says which it supports too.
  var FEATURES = ['warm', 'update'];

  function envelope(type, fields) {
    var message = { protocol: PROTOCOL, version: VERSION, type: type };
    for (var key in fields) if (Object.prototype.hasOwnProperty.call(fields, key)) message[key] = fields[key];
    return message;
  }

  function own(data, key) {
    return Object.prototype.hasOwnProperty.call(data, key) ? data[key] : undefined;
  }

  /** A plain object with our envelope and `type`, read as own properties only (a polluted prototype adds none). */
  function isMessage(data, type) {
    if (typeof data !== 'object' || data === null) return false;
    var proto = Object.getPrototypeOf(data);
    if (proto !== Object.prototype && proto !== null) return false;
    return own(data, 'protocol') === PROTOCOL && own(data, 'version') === VERSION && own(data, 'type') === type;
  }

  function isInit(data) {
    return isMessage(data, 'init') && typeof own(data, 'signingToken') === 'string';
  }

  // The parent's origin where the browser tells it (Chromium, WebKit). document.referrer is not a substitute:
  // after any navigation inside the frame it is this app's own URL. Elsewhere hello goes to "*" (it carries
  // no data) and init's origin is checked by the server against the partner's registered origins.
  function parentOrigin() {
    var ancestors = window.location.ancestorOrigins;
    return ancestors?.length ? ancestors[0] : undefined;
  }

  // Framed: the page that framed us. In a window of its own (docs/protocol.md §3): the page that opened it, or
  // nobody when the app was opened by hand or a Cross-Origin-Opener-Policy header cut the window off.
  var host = window.parent !== window ? window.parent : window.opener;
  if (!host) {
    view.standalone();
    return;
  }

  var expectedParent = parentOrigin();
  var port;
  var token;
  var locale;
  // Whether the SDK listed feature `update` in init: only then are update messages accepted.
  var updates = false;
  var sessionOrigin;
  // The service's id of this signing session (sent with ready: the SDK puts it on the partner's payloads, and the
  // service's signed webhook carries it) and the SDK's id of this attempt (init's, logged for support).
  var sessionId;
  var attemptId;
  // Heartbeat and renewal (keepalive.js), from init on.
  var keepAlive;
  var renewals = 0;
  var reportingHeight = false;
  var reportedHeight;
  // From ready until an outcome: the signer can act, and steps and activity are reported.
  var running = false;
  var lastActivity = -Infinity;

  function send(type, fields) {
    port.postMessage(envelope(type, fields));
  }

  function post(path, body) {
    return fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    }).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) {
          var failure = new Error(json?.error?.message || 'HTTP ' + response.status);
          failure.body = json;
          throw failure;
        }
        return json;
      });
    });
  }

  // The content's height in CSS pixels, margins included: what the frame needs to show it without a scrollbar.
  function contentHeight() {
    return Math.ceil(document.documentElement.getBoundingClientRect().height);
  }

  function reportHeight() {
    if (!reportingHeight) return;
    var height = contentHeight();
    if (height === reportedHeight) return;
    reportedHeight = height;
    send('resize', { height: height });
  }

  // From `loaded` on (docs/protocol.md): after every render, and whenever the layout changes the height
  // without one (a narrower frame wraps more lines, fonts load).
  function sendLoaded() {
    send('loaded');
    reportingHeight = true;
    reportHeight();
    new ResizeObserver(reportHeight).observe(document.documentElement);
  }

  // A prepared frame is display: none until the partner's open() shows it (docs/protocol.md §1, §10): its viewport
  // is 0 x 0 until then, and nothing there is the signer's yet. The root element's size changes when it is shown.
  function whenShown(callback) {
    if (window.innerWidth > 0) return callback();
    var observer = new ResizeObserver(function () {
      if (window.innerWidth === 0) return;
      observer.disconnect();
      callback();
    });
    observer.observe(document.documentElement);
  }

  /** Where the signer is (docs/protocol.md §6.4): sent once as each step is reached. */
  function step(name) {
    if (running) send('step', { step: name });
  }

  function onActivity() {
    var now = performance.now();
    if (!running || now - lastActivity < ACTIVITY_EVERY_MS) return;
    lastActivity = now;
    send('activity');
  }

  /** Ends the session on the app's side: nothing more but resize is sent. */
  function finish(type, fields) {
    running = false;
    keepAlive.stop();
    send(type, fields);
  }

  /** init's or update's locale, if it is a BCP 47 tag (the SDK's rule: Intl accepts it); else none, logged. */
  function readLocale(message, path) {
    var requested = own(message, 'locale');
    if (requested === undefined) return undefined;
    try {
      if (typeof requested === 'string') return Intl.getCanonicalLocales(requested)[0];
    } catch {
      // refused below
    }
    console.warn('[signing app] ignored ' + path + '.locale: must be a BCP 47 tag like "de-DE"');
    return undefined;
  }

  /** Locale, appearance and direction from init or update, applied to this document (`path` names it in logs). */
  function present(message, path) {
    locale = readLocale(message, path);
    var language = strings.languageOf(locale);
    appearance.apply(message, path, strings.directionOf(language));
    return language;
  }

  /** `update` (feature `update`): the full presentation again, applied in place: no reload, no new session. */
  function onUpdate(message) {
    var before = strings.languageOf(locale);
    if (present(message, 'update') !== before) view.relabel(locale);
  }

  function onPortMessage(event) {
    if (keepAlive.onMessage(event.data, isMessage)) return;
    if (updates && isMessage(event.data, 'update')) return onUpdate(event.data);
    if (!isMessage(event.data, 'focus')) return;
    // Chromium and Firefox let a frame take focus when its parent asks; WebKit refuses a cross-site frame
    // without a user gesture, so the app asks the SDK to focus the frame element instead (docs/protocol.md §6.2).
    window.focus();
    view.focus();
    if (!document.hasFocus()) send('focus');
  }

  function onMessage(event) {
    // Only our own parent or opener, from the origin it loaded us from, may start the session, and only once.
    if (event.source !== host) return;
    if (expectedParent && event.origin !== expectedParent) return;
    // The SDK's warm start (docs/protocol.md §4.4): init comes when the signer opens, however late.
    if (isMessage(event.data, 'wait')) return clearTimeout(initTimer);
    if (!isInit(event.data) || !event.ports?.[0]) return;
    window.removeEventListener('message', onMessage);
    clearTimeout(initTimer);
    port = event.ports[0];
    port.onmessage = onPortMessage;
    token = event.data.signingToken;
    attemptId = own(event.data, 'attemptId');
    if (typeof attemptId === 'string') console.info('[signing app] attempt ' + attemptId);
    present(event.data, 'init');
    view.setLocale(locale);
    var sdkFeatures = own(event.data, 'features');
    updates = Array.isArray(sdkFeatures) && sdkFeatures.indexOf('update') >= 0;
    view.loading();
    sessionOrigin = event.origin;
    keepAlive = keepAliveKit.start({
      send: send,
      sdkFeatures: own(event.data, 'features'),
      resume: resumeSession,
      expired: onExpired,
    });
    startSession();
  }

  function sessionRequest(signingToken) {
    // sessionId once the app holds one: a renewed token continues that session on the service.
    return post('/embed/api/session', {
      signingToken: signingToken,
      parentOrigin: sessionOrigin,
      locale: locale,
      sessionId: sessionId,
    });
  }

  /** The renewed token continues the session on the service; the signer's screen stays as it is. */
  function resumeSession(renewed) {
    return sessionRequest(renewed).then(function (session) {
      if (session.action !== 'contract') throw new Error('not renewed');
      token = renewed;
      // Sandbox only: how many renewals this document has seen, for the tests to wait on.
      renewals += 1;
      document.documentElement.setAttribute('data-renewals', String(renewals));
      return session.expiresInMs;
    });
  }

  function onExpired() {
    running = false;
    reportError({ code: 'session_expired', message: 'The signing session has expired; start signing again.' });
  }

  function startSession() {
    sessionRequest(token).then(onSession, function () {
      reportError({ code: 'loading_error', loaded: false, message: 'The signing service could not be reached.' });
    });
  }

  function onSession(session) {
    // `silent` stands for an app that hangs: no `loaded`, so the SDK's loadTimeout has to catch it.
    if (session.action === 'silent') return;
    if (session.action === 'error') return reportError(session);
    sessionId = session.sessionId;
    sendLoaded();
    view.preparing();
    // Sandbox scenario "reload": the page reloads itself once before ready, as a crashed app would.
    if (session.reloadOnce) return window.location.reload();
    // Sandbox scenario "stalled": loaded, and never ready.
    if (session.neverReady) return;
    setTimeout(function () {
      // The contract in every language the service has, so that an update's locale needs no new session call.
      showContract(session.contracts || { en: session.contract });
      send('ready', { sessionId: sessionId });
      running = true;
      keepAlive.expiresIn(session.expiresInMs);
      simulateFault(session);
      // On screen for the signer only once the frame is shown (at once, unless the partner prepared it).
      whenShown(function () {
        step('document_viewed');
      });
    }, session.readyDelayMs || 0);
  }

  /** Sandbox scenarios `freeze` (a busy loop: no beat, no answer) and `crash` (the frame goes to a dead page). */
  function simulateFault(session) {
    if (session.freezeAfterMs !== undefined) {
      setTimeout(function () {
        var end = performance.now() + FREEZE_MS;
        while (performance.now() < end) {
          // frozen
        }
      }, session.freezeAfterMs);
    }
    if (session.crashAfterMs !== undefined) {
      setTimeout(function () {
        window.location.assign('/embed/hang');
      }, session.crashAfterMs);
    }
  }

  /** `contracts`: the contract by language (see view.contract). */
  function showContract(contracts) {
    view.contract(contracts, {
      sign: onSign,
      decline: function () {
        view.declineForm(onDecline, function () {
          showContract(contracts);
        });
      },
      later: function () {
        view.later();
        finish('cancelled');
      },
      reload: function () {
        window.location.reload();
      },
    });
  }

  // The sandbox keeps no record of a decline: a real service would, and would refuse the token afterwards.
  function onDecline(reason) {
    var given = reason.trim();
    view.declined(given);
    finish('declined', given ? { reason: given } : {});
  }

  function reportError(session) {
    keepAlive.stop();
    if (session.loaded) sendLoaded();
    view.error(session.code, session.message);
    send('error', { code: session.code, message: session.message });
  }

  function onSign() {
    step('signature_started');
    view.signing();
    sendSignature(false);
  }

  /**
   * The network can drop mid-signing (a train, a tunnel): fetch then fails without an answer, the app says it is
   * offline and sends the signature again when the browser is back online (or every few seconds, in case no
   * `online` event comes). A retried signature that had reached the service is ALREADY_SIGNED: signed once.
   */
  function sendSignature(retried) {
    post('/embed/api/sign', { signingToken: token }).then(
      function (result) {
        signed(result.signedAt);
      },
      function (error) {
        if (retried && error.body?.error?.code === 'ALREADY_SIGNED') return signed(error.body.signedAt);
        if (!(error instanceof TypeError)) return view.signFailed(error.message);
        view.offline();
        var retry = function () {
          window.removeEventListener('online', retry);
          clearTimeout(timer);
          view.signing();
          sendSignature(true);
        };
        window.addEventListener('online', retry);
        var timer = setTimeout(retry, OFFLINE_RETRY_MS);
      },
    );
  }

  function signed(signedAt) {
    view.signed(signedAt);
    finish('completed');
  }

  view.onRender(reportHeight);
  ['pointerdown', 'keydown', 'scroll', 'wheel'].forEach(function (type) {
    document.addEventListener(type, onActivity, { capture: true, passive: true });
  });
  window.addEventListener('message', onMessage);
  var initTimer = setTimeout(view.ended, INIT_WAIT_MS);
  host.postMessage(
    envelope('hello', { versions: VERSIONS, features: FEATURES.concat(keepAliveKit.FEATURES) }),
    expectedParent || '*',
  );
})();
