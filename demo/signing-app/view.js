// Renders the signing app's states with createElement/textContent only (the page's CSP enforces Trusted
// Types, and nothing from the server is ever parsed as HTML), in the language init asked for.
(function () {
  'use strict';
  var root = document.getElementById('app');
  var strings = window.SandboxSigningStrings;
  var language = 'en';
  var text = strings.forLanguage(language);
  var afterRender = function () {};

  function el(tag, className, content) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (content !== undefined) node.textContent = content;
    return node;
  }

  function show() {
    root.replaceChildren.apply(root, arguments);
    afterRender();
  }

  // Every view has one h1; tabindex -1 lets focus() land on it when there is no control to focus.
  function mainHeading(content, className) {
    var heading = el('h1', className, content);
    heading.tabIndex = -1;
    return heading;
  }

  function status(content) {
    show(mainHeading(content, 'status'));
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
    var reload = el('button', 'reload', text.reload);
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
    /** `locale` from init (or undefined); sets <html lang> too, so assistive technology reads it right. */
    setLocale: function (locale) {
      language = strings.languageOf(locale);
      text = strings.forLanguage(language);
      document.documentElement.lang = language;
    },
    /** Called after every render (the app reports its new height). */
    onRender: function (callback) {
      afterRender = callback;
    },
    /** The first interactive control: the enabled Sign button if shown, else the view's heading. */
    focus: function () {
      var target = button && button.isConnected && !button.disabled ? button : root.querySelector('h1');
      if (target) target.focus();
    },
    standalone: function () {
      status(text.standalone);
    },
    ended: function () {
      status(text.ended);
    },
    loading: function () {
      status(text.loading);
    },
    preparing: function () {
      status(text.preparing);
    },
    error: function (code, message) {
      var shownMessage = language === 'en' ? message : text.errors[code];
      show(mainHeading(text.errorTitle), el('p', '', shownMessage || text.errorFallback), el('p', 'code', text.code + code));
    },
    contract: function (contract, onSign, onReload) {
      shown = contract;
      var clauses = el('ol', 'clauses');
      contract.clauses.forEach(function (clause) {
        var item = el('li');
        item.append(el('strong', '', clause[0] + '. '), document.createTextNode(clause[1]));
        clauses.append(item);
      });
      button = el('button', 'sign', text.sign);
      button.type = 'button';
      button.addEventListener('click', onSign);
      note = el('p', 'note', text.signNote(contract.signer.name));
      show(
        el('p', 'reference', text.reference(contract.reference)),
        mainHeading(contract.title),
        definitionList([[text.lender, contract.lender], [text.borrower, contract.borrower], [text.signer, contract.signer.name + ', ' + contract.signer.role]]),
        el('h2', '', text.loanTerms),
        definitionList(contract.terms),
        el('h2', '', text.clauses),
        clauses,
        note,
        button,
        reloadControl(onReload)
      );
    },
    signing: function () {
      button.disabled = true;
      note.textContent = text.signing;
      afterRender();
    },
    signed: function (signedAt) {
      // The Sign button that had the keyboard's focus is gone: keep the signer's place on the new heading.
      var keepFocus = document.hasFocus();
      show(
        el('p', 'reference', text.reference(shown.reference)),
        mainHeading(text.signed),
        definitionList([[text.agreement, shown.title], [text.signedBy, shown.signer.name + ', ' + shown.signer.role], [text.signedAt, new Date(signedAt).toLocaleString(language)]].concat(shown.terms.slice(0, 1))),
        el('p', 'note', text.closeWindow)
      );
      if (keepFocus) root.querySelector('h1').focus();
    },
    signFailed: function (message) {
      button.disabled = false;
      note.textContent = text.signFailed(message);
      afterRender();
    },
  };
})();
