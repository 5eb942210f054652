// The demo's event log: one table row per SDK event or demo action, built with textContent only.
(function () {
  'use strict';
  var body = document.getElementById('log');
  var scroller = document.getElementById('log-scroll');

  function time() {
    var now = new Date();
    return now.toLocaleTimeString([], { hour12: false }) + '.' + String(now.getMilliseconds()).padStart(3, '0');
  }

  function cell(text, className) {
    var td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    return td;
  }

  window.DemoLog = {
    /** kind: "event" for SDK events, "call" for method results, "info" for the demo's own notes. */
    add: function (kind, name, payload) {
      var row = document.createElement('tr');
      row.className = kind + (name === 'contract.error' ? ' error' : '');
      row.dataset.event = name;
      row.append(
        cell(time(), 'time'),
        cell(name, 'name'),
        cell(payload === undefined ? '' : JSON.stringify(payload), 'payload'),
      );
      body.append(row);
      // Only the log's own box scrolls to the newest row: row.scrollIntoView() would scroll the page as well,
      // moving the signing frame while the signer is about to click in it.
      scroller.scrollTop = scroller.scrollHeight;
    },
    clear: function () {
      body.replaceChildren();
    },
  };
})();
