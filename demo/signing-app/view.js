// Renders the signing app's states with createElement/textContent only (the page's CSP enforces Trusted
// Types, and nothing from the server is ever parsed as HTML).
(function () {
  'use strict';
  var root = document.getElementById('app');

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function show() {
    root.replaceChildren.apply(root, arguments);
  }

  function status(text) {
    show(el('p', 'status', text));
  }

  function definitionList(rows) {
    var list = el('dl', 'terms');
    rows.forEach(function (row) {
      list.append(el('dt', '', row[0]), el('dd', '', row[1]));
    });
    return list;
  }

  // Sandbox only: reloads the app inside its frame, to show that the SDK gives a reloaded app its session back.
  function reloadControl(onReload) {
    var reload = el('button', 'reload', 'Reload this page');
    reload.type = 'button';
    reload.addEventListener('click', onReload);
    var tools = el('p', 'sandbox-tools');
    tools.append(reload);
    return tools;
  }

  var button;
  var note;
  var shown;

  window.SandboxSigningView = {
    standalone: function () {
      status('This is the sandbox signing app. It runs inside the contracts SDK\'s frame: open the partner demo page instead.');
    },
    ended: function () {
      status('This signing session has ended. You can close this window, or reload the page you came from.');
    },
    preparing: function () {
      status('Preparing your contract…');
    },
    error: function (code, message) {
      show(el('h1', '', 'This contract cannot be signed here'), el('p', '', message || 'Something went wrong.'), el('p', 'code', 'Code: ' + code));
    },
    contract: function (contract, onSign, onReload) {
      shown = contract;
      var clauses = el('ol', 'clauses');
      contract.clauses.forEach(function (clause) {
        var item = el('li');
        item.append(el('strong', '', clause[0] + '. '), document.createTextNode(clause[1]));
        clauses.append(item);
      });
      button = el('button', 'sign', 'Sign contract');
      button.type = 'button';
      button.addEventListener('click', onSign);
      note = el('p', 'note', 'By selecting "Sign contract" you sign this agreement electronically as ' + contract.signer.name + '.');
      show(
        el('p', 'reference', 'Contract ' + contract.reference + ' (sandbox)'),
        el('h1', '', contract.title),
        definitionList([['Lender', contract.lender], ['Borrower', contract.borrower], ['Signer', contract.signer.name + ', ' + contract.signer.role]]),
        el('h2', '', 'Loan terms'),
        definitionList(contract.terms),
        el('h2', '', 'Clauses'),
        clauses,
        note,
        button,
        reloadControl(onReload)
      );
    },
    signing: function () {
      button.disabled = true;
      note.textContent = 'Signing…';
    },
    signed: function (signedAt) {
      show(
        el('p', 'reference', 'Contract ' + shown.reference + ' (sandbox)'),
        el('h1', '', 'Contract signed'),
        definitionList([['Agreement', shown.title], ['Signed by', shown.signer.name + ', ' + shown.signer.role], ['Signed at', new Date(signedAt).toLocaleString()]].concat(shown.terms.slice(0, 1))),
        el('p', 'note', 'You can close this window.')
      );
    },
    signFailed: function (message) {
      button.disabled = false;
      note.textContent = 'Signing failed: ' + message + ' Please try again.';
    },
  };
})();
