// The partner side of every measurement, run inside the host page (no inline script: the page's CSP allows only
// the CDN and this file). Each contender is timed here with performance.now(), from just before the call to
// its resolution, on a fresh iframe; the runner (scripts/bench/*.mjs) only calls these functions and collects.
(function () {
  'use strict';
  var root = document.getElementById('bench');
  var slot = document.getElementById('slot');
  // The long-lived instance of the cycles holds its own container (one instance per container).
  var keptSlot = document.getElementById('kept-slot');
  var signOrigin = root.dataset.signOrigin;
  var TIMEOUT_MS = 15000;
  var violations = [];
  // Proof the page is CSP-clean: any blocked script, frame or style would land here and fail the run.
  document.addEventListener('securitypolicyviolation', function (event) {
    violations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
  // Every measurement adds resource entries; keep the buffer from filling up over a long run.
  performance.setResourceTimingBufferSize(100000);

  function withTimeout(promise, label) {
    var timer;
    var timeout = new Promise(function (_, reject) {
      timer = setTimeout(function () {
        reject(new Error(label + ': no answer within ' + TIMEOUT_MS + ' ms'));
      }, TIMEOUT_MS);
    });
    return Promise.race([promise, timeout]).finally(function () {
      clearTimeout(timer);
    });
  }

  /** An iframe styled like the SDK's defaults (100% x 600px, no border), appended to the slot. */
  function plainFrame(path) {
    var iframe = document.createElement('iframe');
    iframe.title = 'Contract signing';
    iframe.style.border = '0';
    iframe.style.display = 'block';
    iframe.style.width = '100%';
    iframe.style.height = '600px';
    iframe.src = signOrigin + path;
    slot.appendChild(iframe);
    return iframe;
  }

  /** 1. The physical limit: frame load, hello from the child, our answer, the child's reply. */
  async function baseline() {
    var iframe;
    var onMessage;
    var start = performance.now();
    var done = new Promise(function (resolve) {
      onMessage = function (event) {
        if (event.source !== iframe.contentWindow || event.origin !== signOrigin) return;
        if (event.data === 'hello') event.source.postMessage('answer', signOrigin);
        else if (event.data === 'ack') resolve();
      };
      addEventListener('message', onMessage);
    });
    iframe = plainFrame('/baseline/embed');
    try {
      await withTimeout(done, 'baseline');
      return performance.now() - start;
    } finally {
      removeEventListener('message', onMessage);
      iframe.remove();
    }
  }

  /** 2. Our SDK: construct, open(), until contract.ready (open() resolves on ready or error: check which). */
  async function sdk(options) {
    var start = performance.now();
    var instance = new SvcSDK.SvcContracts(slot, { signingToken: options.token, appUrl: options.appUrl });
    var failure;
    instance.on('contract.error', function (payload) {
      failure = payload;
    });
    try {
      await withTimeout(instance.open(), 'sdk');
      var elapsed = performance.now() - start;
      if (failure) throw new Error('contract.error ' + failure.code + ': ' + failure.message);
      return elapsed;
    } finally {
      instance.destroy();
    }
  }

  /** 3. penpal 7: connect() to its child page until the connection promise resolves. */
  async function penpal() {
    var start = performance.now();
    var iframe = plainFrame('/penpal/embed');
    var messenger = new Penpal.WindowMessenger({ remoteWindow: iframe.contentWindow, allowedOrigins: [signOrigin] });
    var connection = Penpal.connect({ messenger: messenger, methods: {} });
    try {
      await withTimeout(connection.promise, 'penpal');
      return performance.now() - start;
    } finally {
      connection.destroy();
      iframe.remove();
    }
  }

  var kept; // the instance of the open/close cycles, alive (as a partner keeps it) while memory is read

  /** `count` open() -> ready -> close() cycles of one instance; returns how many did not reach ready. */
  async function cycles(options) {
    kept = kept || new SvcSDK.SvcContracts(keptSlot, { signingToken: options.token, appUrl: options.appUrl });
    var failures = 0;
    kept.on('contract.error', function () {
      failures += 1;
    });
    for (var i = 0; i < options.count; i++) {
      await withTimeout(kept.open(), 'cycle ' + i);
      kept.close();
    }
    return failures;
  }

  /** `count` instances, each created, opened until ready and destroyed; returns how many did not reach ready. */
  async function instances(options) {
    var failures = 0;
    for (var i = 0; i < options.count; i++) {
      var instance = new SvcSDK.SvcContracts(slot, { signingToken: options.token, appUrl: options.appUrl });
      instance.on('contract.error', function () {
        failures += 1;
      });
      await withTimeout(instance.open(), 'instance ' + i);
      instance.destroy();
    }
    return failures;
  }

  /**
   * Loads one library by script tag, as a partner does (SRI + CORS), under a URL never seen before so neither
   * the HTTP cache nor V8's code cache helps. Evaluation = the script's load event minus the end of its
   * response (the load event fires right after the script has run).
   */
  function loadScript(options) {
    var url = root.dataset[options.kind + 'Url'] + '?fresh=' + encodeURIComponent(options.tag);
    return withTimeout(
      new Promise(function (resolve, reject) {
        var script = document.createElement('script');
        script.crossOrigin = 'anonymous';
        script.integrity = root.dataset[options.kind + 'Integrity'];
        script.onload = function () {
          var loadedAt = performance.now();
          var entry = performance.getEntriesByName(url)[0];
          script.remove();
          if (!entry) return reject(new Error('no resource timing entry for ' + url));
          resolve({
            evalMs: loadedAt - entry.responseEnd,
            transferSize: entry.transferSize,
            encodedBodySize: entry.encodedBodySize,
            decodedBodySize: entry.decodedBodySize,
          });
        };
        script.onerror = function () {
          reject(new Error('script failed to load: ' + url));
        };
        script.src = url;
        document.head.appendChild(script);
      }),
      'script ' + options.kind,
    );
  }

  window.bench = {
    baseline: baseline,
    sdk: sdk,
    penpal: penpal,
    cycles: cycles,
    instances: instances,
    loadScript: loadScript,
    iframes: function () {
      return document.querySelectorAll('iframe').length;
    },
    violations: function () {
      return violations.slice();
    },
  };
})();
