// Baseline app side, the least any embed can do: say hello to the parent, then answer the parent's answer.
// The parent's clock stops on that reply, so the figure covers frame load plus one full round trip.
(function () {
  'use strict';
  // The frame's referrer is the parent's origin (strict-origin-when-cross-origin across sites).
  var parentOrigin = new URL(document.referrer).origin;
  addEventListener('message', function (event) {
    if (event.source === parent && event.origin === parentOrigin && event.data === 'answer') {
      parent.postMessage('ack', parentOrigin);
    }
  });
  parent.postMessage('hello', parentOrigin);
})();
