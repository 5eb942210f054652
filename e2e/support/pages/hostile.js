// A hostile frame on the partner's page (another origin). It imitates the signing app towards the parent
// and tries to hijack the signing frames with an init of its own; the test reads what it achieved.
(function () {
  'use strict';
  var base = { protocol: 'svc-contracts', version: 1 };
  function msg(type, extra) {
    return Object.assign({}, base, { type: type }, extra || {});
  }
  var spoofs = [
    msg('hello'),
    msg('loaded'),
    msg('ready'),
    msg('completed'),
    msg('error', { code: 'hacked', message: 'spoofed' }),
  ];
  window.hijackReplies = 0;
  window.spoofRounds = 0;

  function round() {
    spoofs.forEach(function (data) {
      window.parent.postMessage(data, '*');
      // A port of our own, as if we were the app answering the SDK's handshake.
      var channel = new MessageChannel();
      window.parent.postMessage(data, '*', [channel.port2]);
    });
    // Pose as the parent to every sibling frame: a signing app that accepted this would answer on our port.
    for (var i = 0; i < window.parent.frames.length; i++) {
      var target = window.parent.frames[i];
      if (target === window) continue;
      var hijack = new MessageChannel();
      hijack.port1.onmessage = function () {
        window.hijackReplies += 1;
      };
      target.postMessage(msg('init', { signingToken: 'sbx_complete_hijack', contractId: 'evil' }), '*', [hijack.port2]);
    }
    window.spoofRounds += 1;
  }

  round();
  setInterval(round, 100);
})();
