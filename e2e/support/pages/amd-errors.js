// A partner page with RequireJS: records every error RequireJS reports (a mismatched anonymous define() among
// them) where the test can read it, instead of RequireJS throwing it.
(function () {
  'use strict';
  var errors = (window.amdErrors = []);
  window.requirejs.onError = function (error) {
    errors.push(error.requireType + ': ' + error.message);
  };
})();
