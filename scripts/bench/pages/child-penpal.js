// penpal's child side, as its README shows: connect to the parent window, allowing only the parent's origin.
(function () {
  'use strict';
  var parentOrigin = new URL(document.referrer).origin;
  var messenger = new Penpal.WindowMessenger({ remoteWindow: parent, allowedOrigins: [parentOrigin] });
  Penpal.connect({ messenger: messenger, methods: {} });
})();
