// Where a redirected signing-app address lands: another origin that answers the handshake as if it were the
// app. The SDK must not accept its hello (wrong origin), so the token is never sent here.
(function () {
  'use strict';
  window.initsReceived = 0;
  window.addEventListener('message', function () {
    window.initsReceived += 1;
  });
  window.parent.postMessage({ protocol: 'svc-contracts', version: 1, type: 'hello' }, '*');
  window.helloSent = true;
})();
