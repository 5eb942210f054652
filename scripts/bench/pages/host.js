// The partner side of every measurement, run inside the host page (no inline script: the page's CSP allows only
// the CDN and this file). Each contender is timed here with performance.now(), from just before the call to
// its resolution (under latency: from the click event's timeStamp to the ready signal), on a fresh iframe; the
// runner (scripts/bench/*.mjs) only calls these functions and collects.
(function () {
  'use strict';
  var root = document.getElementById('bench');
  var slot = document.getElementById('slot');
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
  function plainFrame(path, origin) {
    var iframe = document.createElement('iframe');
    iframe.title = 'Contract signing';
    iframe.style.border = '0';
    iframe.style.display = 'block';
    iframe.style.width = '100%';
    iframe.style.height = '600px';
    iframe.src = (origin || signOrigin) + path;
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

  // ---- Click to ready under latency (latency.html: one page per measurement, see scripts/bench/latency.mjs) ----

  var latency;

  /**
   * The bare iframe, created on click: the frame plus the least handshake its app answers. `kind: 'minimal'` is
   * the baseline child page (hello, answer, ack); `kind: 'sandbox'` is the sandbox's signing app, spoken to as
   * docs/protocol.md says (hello, init with a port and the token, then loaded and ready over the port).
   */
  function bareOpen(options) {
    var iframe;
    var onMessage;
    var port;
    var done = new Promise(function (resolve, reject) {
      onMessage = function (event) {
        if (event.source !== iframe.contentWindow || event.origin !== options.origin) return;
        if (options.kind === 'minimal') {
          if (event.data === 'hello') event.source.postMessage('answer', options.origin);
          else if (event.data === 'ack') resolve();
          return;
        }
        var data = event.data;
        if (data?.protocol !== 'svc-contracts' || data.type !== 'hello' || port) return;
        var channel = new MessageChannel();
        port = channel.port1;
        port.onmessage = function (message) {
          var type = message.data?.type;
          if (type === 'ready') resolve();
          else if (type === 'error') reject(new Error('app error ' + message.data.code));
        };
        event.source.postMessage(
          { protocol: 'svc-contracts', version: 1, type: 'init', signingToken: options.token, sdkVersion: 'bench' },
          options.origin,
          [channel.port2],
        );
      };
      addEventListener('message', onMessage);
    });
    iframe = plainFrame(options.path, options.origin);
    return done.finally(function () {
      removeEventListener('message', onMessage);
    });
  }

  /** The SDK's own User Timing entries (their latest), in ms; undefined when it recorded none. */
  function measureOf(name) {
    var entries = performance.getEntriesByName(name, 'measure');
    return entries.length ? entries[entries.length - 1].duration : undefined;
  }

  /**
   * Sets up one contender on this page, as a partner's page does at load: `bare` does nothing yet; the SDK
   * contenders create the instance: `constructed` with `warm: false` (1.2.0's behaviour), `preconnect` the same
   * plus a page-level `<link rel="preconnect">` to the signing origin, `throwaway` the same plus a hidden frame of
   * the embed page that the click removes before open(), `warm` with the warm start (the default) and a token
   * function, `prepared` with prepare(). The click on #go then starts the open (bare: creates the iframe);
   * `latencyResult()` resolves with the time from the click event (its timeStamp) to the ready signal.
   */
  function latencySetup(options) {
    var go = document.getElementById('go');
    var state = { options: options };
    var failure;
    var contender = options.contender;
    if (contender !== 'bare') {
      var token = options.token;
      var config = {
        signingToken: token,
        appUrl: options.appUrl,
        warm: contender === 'warm' || contender === 'prepared',
      };
      // The partner fetches the token on the click: the function's answer comes after open() (a microtask here;
      // the partner's own round trip is the same for every contender and not part of this measurement).
      if (contender === 'warm')
        config.signingToken = function () {
          return Promise.resolve(token);
        };
      state.instance = new SvcSDK.SvcContracts(slot, config);
      state.instance.on('contract.error', function (payload) {
        failure = payload;
      });
      if (contender === 'prepared') {
        var prepareStart = performance.now();
        state.prepared = withTimeout(state.instance.prepare(), 'prepare').then(function () {
          if (failure) throw new Error('contract.error during prepare ' + failure.code);
          return { prepareMs: performance.now() - prepareStart };
        });
      }
    }
    if (contender === 'preconnect') {
      var link = document.createElement('link');
      link.rel = 'preconnect';
      link.href = options.origin;
      document.head.appendChild(link);
    }
    if (contender === 'throwaway') {
      state.throwaway = document.createElement('iframe');
      state.throwaway.style.display = 'none';
      state.throwaway.src = options.appUrl + '/embed';
      document.body.appendChild(state.throwaway);
    }
    state.result = new Promise(function (resolve, reject) {
      go.addEventListener('click', function onClick(event) {
        go.removeEventListener('click', onClick);
        var clickedAt = event.timeStamp;
        state.throwaway?.remove();
        var opened = contender === 'bare' ? bareOpen(options) : state.instance.open();
        withTimeout(opened, options.contender)
          .then(function () {
            var readyAt = performance.now();
            if (failure) throw new Error('contract.error ' + failure.code + ': ' + failure.message);
            var iframe = slot.querySelector('iframe');
            var shown = Boolean(iframe) && !iframe.hidden && iframe.getBoundingClientRect().height > 0;
            if (!shown) throw new Error(options.contender + ': ready, but the frame is not shown');
            resolve({
              ms: readyAt - clickedAt,
              openToLoaded: measureOf('contracts-sdk:open-to-loaded'),
              openToReady: measureOf('contracts-sdk:open-to-ready'),
            });
          })
          .catch(reject);
      });
    });
    state.result.catch(function () {}); // read by latencyResult()
    latency = state;
  }

  // ---- Many instances at load (scripts/bench/scale.mjs): what a page with `count` instances costs ----

  var scale;

  /** Resolves when every frame in `frames` has fired load (each listener is added in the task that created it). */
  function allLoaded(frames) {
    return Promise.all(
      frames.map(function (frame) {
        return new Promise(function (resolve) {
          frame.addEventListener('load', resolve, { once: true });
        });
      }),
    );
  }

  /** The click on `button` opens `instance`; resolves with the time from the click event to contract.ready. */
  function openOnClick(button, instance, row) {
    return new Promise(function (resolve, reject) {
      var failure;
      instance.on('contract.error', function (payload) {
        failure = payload;
      });
      button.addEventListener('click', function onClick(event) {
        button.removeEventListener('click', onClick);
        var clickedAt = event.timeStamp;
        withTimeout(instance.open(), 'scale open')
          .then(function () {
            var readyAt = performance.now();
            if (failure) throw new Error('contract.error ' + failure.code + ': ' + failure.message);
            var iframe = row.querySelector('iframe');
            if (!iframe || iframe.getBoundingClientRect().height === 0) throw new Error('scale: ready, not shown');
            resolve(readyAt - clickedAt);
          })
          .catch(reject);
      });
    });
  }

  /**
   * Constructs `count` instances at load, as a lender's "documents to sign" page does (one per row, the warm start,
   * a token function), each in a row of its own. `perInstance` first removes Element.prototype.moveBefore, so the
   * SDK warms one frame per instance in its container (1.3.0 before issue #45, and WebKit). Resolves once every
   * frame on the page has loaded: { constructMs, frames }. #go then opens the first instance, #go2 the last.
   */
  function scaleSetup(options) {
    if (options.perInstance) delete Element.prototype.moveBefore;
    var rows = [];
    var instances = [];
    var started = performance.now();
    for (var i = 0; i < options.tokens.length; i++) {
      var row = document.createElement('div');
      slot.appendChild(row);
      rows.push(row);
      var token = options.tokens[i];
      instances.push(
        new SvcSDK.SvcContracts(row, {
          appUrl: options.appUrl,
          signingToken: function () {
            return Promise.resolve(this);
          }.bind(token),
        }),
      );
    }
    var constructMs = performance.now() - started;
    var frames = Array.prototype.slice.call(document.querySelectorAll('iframe'));
    var go2 = document.createElement('button');
    go2.id = 'go2';
    go2.type = 'button';
    go2.textContent = 'Sign another';
    document.getElementById('go').after(go2);
    scale = {
      rewarmed: nextWaitingFrameLoaded(),
      first: openOnClick(document.getElementById('go'), instances[0], rows[0]),
      later: openOnClick(go2, instances[instances.length - 1], rows[rows.length - 1]),
    };
    scale.first.catch(function () {});
    scale.later.catch(function () {});
    return withTimeout(allLoaded(frames), 'scale load').then(function () {
      return { constructMs: constructMs, frames: frames.length };
    });
  }

  /** Resolves when a frame added to <body> after now has loaded: the SDK's re-warm once a frame was taken. */
  function nextWaitingFrameLoaded() {
    return new Promise(function (resolve) {
      var observer = new MutationObserver(function (records) {
        records.forEach(function (record) {
          record.addedNodes.forEach(function (node) {
            if (node.nodeName !== 'IFRAME') return;
            observer.disconnect();
            node.addEventListener('load', resolve, { once: true });
          });
        });
      });
      observer.observe(document.body, { childList: true });
    });
  }

  window.bench = {
    scaleSetup: scaleSetup,
    // Whether a re-warmed frame loaded within the time limit, and the frames waiting in <body> then.
    scaleRewarmed: function () {
      var waiting = function () {
        return document.querySelectorAll('body > iframe').length;
      };
      return withTimeout(scale.rewarmed, 'scale re-warm').then(
        function () {
          return { loaded: true, waiting: waiting() };
        },
        function () {
          return { loaded: false, waiting: waiting() };
        },
      );
    },
    scaleFirst: function () {
      return scale.first;
    },
    scaleLater: function () {
      return scale.later;
    },
    baseline: baseline,
    sdk: sdk,
    penpal: penpal,
    latencySetup: latencySetup,
    latencyPrepared: function () {
      return latency.prepared;
    },
    latencyResult: function () {
      return latency.result;
    },
    loadScript: loadScript,
    iframes: function () {
      return document.querySelectorAll('iframe').length;
    },
    violations: function () {
      return violations.slice();
    },
  };
})();
