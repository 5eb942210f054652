// The SDK's app side (docs/protocol.md), ready at once: hello, then on init answer loaded and ready over the
// port. It lists the warm start in hello (docs/protocol.md §4.4) and has no init timer, so `wait` needs no answer.
// A real signing app fetches and renders the contract first; that is the app's time, not the SDK's.
(function () {
  'use strict';
  var parentOrigin = new URL(document.referrer).origin;
  function envelope(type) {
    return { protocol: 'svc-contracts', version: 1, type: type };
  }
  function onMessage(event) {
    var data = event.data;
    if (event.source !== parent || event.origin !== parentOrigin || !event.ports[0]) return;
    if (data?.protocol !== 'svc-contracts' || data.version !== 1 || data.type !== 'init') return;
    removeEventListener('message', onMessage);
    var port = event.ports[0];
    port.postMessage(envelope('loaded'));
    port.postMessage(envelope('ready'));
  }
  addEventListener('message', onMessage);
  var hello = envelope('hello');
  hello.features = ['warm'];
  parent.postMessage(hello, parentOrigin);
})();
