// The partner demo: drives one SvcContracts instance from the controls and logs every event. The signing
// token comes from this site's backend in a response body; it is never shown, logged or put in a URL.
(function () {
  'use strict';
  var EVENTS = [
    'contract.loading',
    'contract.loaded',
    'contract.ready',
    'contract.completed',
    'contract.error',
    'contract.declined',
    'contract.cancelled',
    'contract.step',
    'contract.activity',
  ];
  var HELP = {
    complete:
      'Loads, becomes ready; press "Sign contract" in the frame to complete (the server then confirms via webhook), "Decline" to decline with an optional reason, or "Finish later" to leave and resume with open().',
    not_found: 'The app reports not_found (invalid token or contract gone).',
    verification_required: 'The app reports verification_required.',
    verification_limit_exceeded: 'The app reports verification_limit_exceeded.',
    loading_error: 'The app reports it failed to initialise (loading_error, no loaded event).',
    silent:
      'The page loads but never answers init: the SDK reports loading_error after the load timeout and removes the frame.',
    unknown_code: 'The app reports rate_limited, a code the SDK does not know: it is passed through unchanged.',
    flaky:
      'The first open of this application fails with loading_error; the retry from the error handler succeeds, with the same token or a fresh one.',
    slow: 'Ready only after a few seconds.',
    reload:
      'The app reloads itself once after loaded, as after a crash: the SDK gives the new page its session back, with no event twice. After ready, the frame\'s "Reload this page" control does the same.',
    expire:
      'The session expires 30 s after ready. With "Fresh token on each open()" the app asks the SDK for a new token a second before, and the signer goes on (the log shows the renewal); without it the app reports session_expired.',
    freeze:
      'A second after ready the app freezes (a busy loop): its heartbeat stops, and about 10 s later the SDK reports app_unresponsive and removes the frame.',
    crash:
      'A second after ready the app navigates its frame to a page that never answers: about 10 s later the SDK reports app_unresponsive.',
    other_token: 'A token of another form: the app answers not_found.',
  };
  var POLL_MS = 500;
  /** How much of the signing frame must be in the window after New session, or the demo scrolls it in. */
  var FRAME_IN_VIEW_PX = 200;
  var POLL_LIMIT_MS = 60000;

  var log = window.DemoLog;
  var $ = function (id) {
    return document.getElementById(id);
  };
  var container = $('signing-container');
  var signingPanel = container.parentElement;
  var confirmation = $('confirmation');
  var instance;
  var pollTimer;

  function showHelp() {
    $('scenario-help').textContent = HELP[$('scenario').value] || '';
  }

  /** A whole number of pixels, or undefined when the field is empty (the SDK's default applies). */
  function pixelsOf(input) {
    var value = input.value.trim();
    return value === '' ? undefined : Number(value);
  }

  /** height and, for 'auto', its limits: only the options the chosen mode uses are passed. */
  function heightOptions() {
    if (!$('height-auto').checked) return { height: sizeOf($('height')) };
    return { height: 'auto', minHeight: pixelsOf($('min-height')), maxHeight: pixelsOf($('max-height')) };
  }

  /** "640" becomes the number 640 (pixels); anything else is passed as written. */
  function sizeOf(input) {
    var value = input.value.trim();
    return /^\d+$/.test(value) ? Number(value) : value || undefined;
  }

  function setConfirmation(state, text) {
    confirmation.className = 'confirmation ' + state;
    confirmation.textContent = text;
  }

  /**
   * Scrolls the signing area to the window's top unless its top is already in the window with room below: on a
   * phone, or after scrolling through the options, the session would otherwise start out of sight. Scrolling
   * only: focus stays on the control the signer pressed (the SDK never moves it by itself, nor does the demo).
   */
  function bringSigningIntoView() {
    var top = container.getBoundingClientRect().top;
    if (top >= 0 && top <= window.innerHeight - FRAME_IN_VIEW_PX) return;
    signingPanel.scrollIntoView({ block: 'start' });
  }

  function callOpen() {
    if (!instance) return log.add('info', 'demo: no instance yet, press New session');
    $('resume').hidden = true;
    var opened = instance.open();
    // In a popup the frame area stays empty: nothing to bring into view.
    if (container.querySelector('iframe')) bringSigningIntoView();
    opened.then(
      function () {
        log.add('call', 'open() resolved');
      },
      function (error) {
        log.add('call', 'open() rejected', { name: error.name, message: error.message });
      },
    );
  }

  /** Loads the signing experience hidden; the open() button then shows it, ready. */
  function callPrepare() {
    instance.prepare().then(
      function () {
        log.add('call', 'prepare() resolved');
      },
      function (error) {
        log.add('call', 'prepare() rejected', { name: error.name, message: error.message });
      },
    );
  }

  /** A token for `scenario`; with `applicationId`, a new token for that same application. */
  function requestToken(scenario, applicationId) {
    return fetch('/api/demo/signing-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario: scenario, applicationId: applicationId || undefined }),
      cache: 'no-store',
    }).then(function (response) {
      if (!response.ok) throw new Error('token endpoint answered ' + response.status);
      return response.json();
    });
  }

  function newSession(event) {
    event.preventDefault();
    clearTimeout(pollTimer);
    if (instance) instance.destroy();
    instance = undefined;
    $('resume').hidden = true;
    setConfirmation('idle', 'No contract signed yet.');
    var scenario = $('scenario').value;
    requestToken(scenario)
      .then(function (session) {
        log.add('info', 'demo: new session', {
          scenario: scenario,
          contractId: session.contractId,
          applicationId: session.applicationId,
        });
        try {
          instance = createInstance(session, $('fresh-token').checked);
        } catch (error) {
          // Bad options (a min above the max, say): the SDK's own error says which.
          return log.add('call', 'new SvcContracts() threw', { name: error.name, message: error.message });
        }
        if ($('prepare').checked) callPrepare();
        else callOpen();
      })
      .catch(function (error) {
        log.add('info', 'demo: could not get a signing token', { message: error.message });
      });
  }

  /**
   * signingToken as a function: the SDK calls it at each open(), so a retry after not_found or an expired
   * token gets a new one without a new instance. The first call uses the token New session fetched.
   */
  function freshTokens(session) {
    var first = session.signingToken;
    return function () {
      if (first) {
        var token = first;
        first = undefined;
        return Promise.resolve(token);
      }
      var scenario = $('scenario').value;
      // Asked while the signer is in a ready session: the app is renewing its token over the port.
      var why = session.ready ? 'demo: fresh token for a renewal (no reload)' : 'demo: fresh token for open()';
      return requestToken(scenario, session.applicationId).then(function (next) {
        log.add('info', why, { scenario: scenario, applicationId: next.applicationId });
        session.applicationId = next.applicationId;
        return next.signingToken;
      });
    };
  }

  /** The sandbox's signing app, or the address of the chosen setup mistake (contract.error names each). */
  function appUrl(mistake) {
    var url = new URL(document.querySelector('meta[name="svc-app-url"]').content);
    // Another port is another origin, which this page's CSP frame-src does not list: the browser blocks the frame.
    if (mistake === 'csp') url.port = String(Number(url.port || 443) + 1);
    if (mistake === 'path') url.pathname = '/wrong-path';
    return url.href.replace(/\/$/, '');
  }

  function createInstance(session, freshTokenEachOpen) {
    var retried = false;
    var options = {
      signingToken: freshTokenEachOpen ? freshTokens(session) : session.signingToken,
      contractId: session.contractId,
      width: sizeOf($('width')),
      loadTimeout: Number($('load-timeout').value) || undefined,
      debug: $('debug').checked,
      appUrl: appUrl($('mistake').value),
    };
    var height = heightOptions();
    Object.keys(height).forEach(function (key) {
      if (height[key] !== undefined) options[key] = height[key];
    });
    if ($('locale').value) options.locale = $('locale').value;
    if ($('frame-title').value.trim()) options.title = $('frame-title').value.trim();
    if ($('popup').checked) options.display = 'popup';
    // The appearance panel (appearance-panel.js) adds its tokens, and updates this instance live from then on.
    var panel = window.DemoAppearancePanel;
    var created = panel.follow(new window.SvcSDK.SvcContracts(container, panel.withAppearance(options)));
    EVENTS.forEach(function (name) {
      created.on(name, function (payload) {
        log.add('event', name, payload);
      });
    });
    // Ready until the attempt ends: a token asked for meanwhile is a renewal (freshTokens).
    [
      'contract.loading',
      'contract.ready',
      'contract.completed',
      'contract.declined',
      'contract.cancelled',
      'contract.error',
    ].forEach(function (name) {
      created.on(name, function () {
        session.ready = name === 'contract.ready';
      });
    });
    created.on('contract.error', function (payload) {
      // Only the transient code is worth a retry; the others need the signer or the partner to act.
      if (payload.code === 'loading_error' && $('retry').checked && !retried) {
        retried = true;
        log.add('info', 'demo: retrying: open() from the error handler');
        callOpen();
      }
    });
    created.on('contract.completed', function () {
      if (session.applicationId) awaitConfirmation(session.applicationId, Date.now());
    });
    // The signer's other outcomes: the reason is the app's cleaned text, shown as text only.
    created.on('contract.declined', function (payload) {
      setConfirmation(
        'declined',
        payload.reason
          ? 'Declined by the signer: "' + payload.reason + '"'
          : 'Declined by the signer (no reason given).',
      );
    });
    created.on('contract.cancelled', function () {
      setConfirmation('cancelled', 'The signer chose to finish later. Resume opens the signing again.');
      $('resume').hidden = false;
    });
    return created;
  }

  /** The SDK event is not proof of signature: wait for the backend's verified webhook. */
  function awaitConfirmation(applicationId, since) {
    setConfirmation('pending', 'Signed in the frame; waiting for the server to confirm…');
    fetch('/api/demo/confirmations', { cache: 'no-store' })
      .then(function (response) {
        return response.json();
      })
      .then(function (body) {
        var match = body.confirmations.filter(function (c) {
          return c.applicationId === applicationId;
        })[0];
        if (match) {
          setConfirmation(
            'confirmed',
            'Contract signed: confirmed by server (verified webhook ' +
              match.eventId +
              ', signing session ' +
              match.sessionId +
              ', as in the events).',
          );
          return log.add('info', 'server: application.contract.signed verified', match);
        }
        if (Date.now() - since > POLL_LIMIT_MS)
          return setConfirmation('failed', 'No confirmation from the server within 60 s.');
        pollTimer = setTimeout(function () {
          awaitConfirmation(applicationId, since);
        }, POLL_MS);
      })
      .catch(function () {
        pollTimer = setTimeout(function () {
          awaitConfirmation(applicationId, since);
        }, POLL_MS);
      });
  }

  function call(method) {
    return function () {
      if (!instance) return log.add('info', 'demo: no instance yet, press New session');
      instance[method]();
      log.add('call', method + '()');
    };
  }

  if (!window.SvcSDK) {
    log.add('info', 'demo: the SDK did not load', { reason: 'blocked by integrity or CSP, or the CDN is unreachable' });
    $('new-session').disabled = true;
    return;
  }
  log.add('info', 'demo: SDK loaded', { SDK_VERSION: window.SvcSDK.SDK_VERSION });
  showHelp();
  $('scenario').addEventListener('change', showHelp);
  $('controls').addEventListener('submit', newSession);
  $('open').addEventListener('click', callOpen);
  $('resume').addEventListener('click', function () {
    setConfirmation('idle', 'No contract signed yet.');
    callOpen();
  });
  $('close').addEventListener('click', call('close'));
  $('destroy').addEventListener('click', call('destroy'));
  $('focus').addEventListener('click', call('focus'));
  $('clear-log').addEventListener('click', function () {
    log.clear();
  });
})();
