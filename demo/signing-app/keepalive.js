// Heartbeat and token renewal: the app side of docs/protocol.md §6.6 and §6.7 (SDK 1.3.0). The app lists both
// in hello; each is on only if the SDK's init lists it too, so an older SDK (no `features` in init) gets neither:
// no beats, and an expiring session ends with `session_expired` as it would with an SDK that cannot renew.
(function () {
  'use strict';
  var FEATURES = ['renew', 'heartbeat'];
  // The SDK reports the app after 10 s without a beat (one ping after 5 s): a beat every 2 s leaves a wide margin.
  var BEAT_EVERY_MS = 2000;
  // How long before its session expires the app asks for a new token.
  var RENEW_BEFORE_MS = 1000;

  function ownToken(data) {
    return Object.prototype.hasOwnProperty.call(data, 'signingToken') ? data.signingToken : undefined;
  }

  /**
   * One session's keep-alive. `options`: send(type, fields) over the port, sdkFeatures (init's list, or
   * undefined), resume(token) → Promise (continues the session server-side with a renewed token), expired()
   * (ends the session with session_expired). Returns { onMessage(data, isMessage) → handled, expiresIn(ms), stop() }.
   */
  function start(options) {
    var sdk = Array.isArray(options.sdkFeatures) ? options.sdkFeatures : [];
    var beats = sdk.indexOf('heartbeat') >= 0;
    var renews = sdk.indexOf('renew') >= 0;
    var beatTimer = beats ? setInterval(beat, BEAT_EVERY_MS) : undefined;
    var renewTimer;
    var expiryTimer;
    var stopped = false;

    function beat() {
      if (!stopped) options.send('beat');
    }

    function expiresIn(ms) {
      clearTimeout(renewTimer);
      clearTimeout(expiryTimer);
      if (!(ms > 0)) return;
      expiryTimer = setTimeout(expire, ms);
      if (renews) {
        renewTimer = setTimeout(
          function () {
            options.send('renew');
          },
          Math.max(0, ms - RENEW_BEFORE_MS),
        );
      }
    }

    function expire() {
      if (stopped) return;
      stop();
      options.expired();
    }

    function onRenewed(token) {
      if (stopped) return;
      // Not expired yet: the session goes on with the new token once the service has accepted it.
      clearTimeout(expiryTimer);
      options.resume(token).then(expiresIn, expire);
    }

    function onMessage(data, isMessage) {
      if (isMessage(data, 'ping')) {
        beat();
      } else if (isMessage(data, 'renewed')) {
        // Without a token renewal is not possible: the session ends when it expires (the signer may still finish).
        if (typeof ownToken(data) === 'string') onRenewed(ownToken(data));
      } else {
        return false;
      }
      return true;
    }

    function stop() {
      stopped = true;
      clearInterval(beatTimer);
      clearTimeout(renewTimer);
      clearTimeout(expiryTimer);
    }

    if (beats) beat();
    return { onMessage: onMessage, expiresIn: expiresIn, stop: stop };
  }

  window.SandboxKeepAlive = { FEATURES: FEATURES, start: start };
})();
