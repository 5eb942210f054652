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

  function secondaryButton(content, onClick) {
    var node = el('button', 'secondary', content);
    node.type = 'button';
    node.addEventListener('click', onClick);
    return node;
  }

  // The view that replaced the one holding the keyboard's focus keeps the signer's place on its heading.
  function showKeepingFocus() {
    var keepFocus = document.hasFocus();
    show.apply(null, arguments);
    if (keepFocus) root.querySelector('h1').focus();
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
      var target = button?.isConnected && !button.disabled ? button : root.querySelector('h1');
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
      show(
        mainHeading(text.errorTitle),
        el('p', '', shownMessage || text.errorFallback),
        el('p', 'code', text.code + code),
      );
    },
    /** The contract with its controls; `actions`: sign, decline, later (finish later), reload. */
    contract: function (contract, actions) {
      shown = contract;
      var clauses = el('ol', 'clauses');
      contract.clauses.forEach(function (clause) {
        var item = el('li');
        item.append(el('strong', '', clause[0] + '. '), document.createTextNode(clause[1]));
        clauses.append(item);
      });
      button = el('button', 'sign', text.sign);
      button.type = 'button';
      button.addEventListener('click', actions.sign);
      note = el('p', 'note', text.signNote(contract.signer.name));
      // After "Sign contract" in the tab order: a keyboard signer reaches the main action first.
      var others = el('p', 'actions');
      others.append(secondaryButton(text.decline, actions.decline), secondaryButton(text.later, actions.later));
      show(
        el('p', 'reference', text.reference(contract.reference)),
        mainHeading(contract.title),
        definitionList([
          [text.lender, contract.lender],
          [text.borrower, contract.borrower],
          [text.signer, contract.signer.name + ', ' + contract.signer.role],
        ]),
        el('h2', '', text.loanTerms),
        definitionList(contract.terms),
        el('h2', '', text.clauses),
        clauses,
        note,
        button,
        others,
        reloadControl(actions.reload),
      );
    },
    /** Asks for an optional reason; `onConfirm(reason)` declines, `onBack` shows the contract again. */
    declineForm: function (onConfirm, onBack) {
      var field = el('textarea', 'reason');
      field.id = 'decline-reason';
      field.rows = 3;
      field.maxLength = 500;
      var label = el('label', '', text.reasonLabel);
      label.htmlFor = field.id;
      var confirm = el('button', 'sign', text.declineConfirm);
      confirm.type = 'button';
      confirm.addEventListener('click', function () {
        onConfirm(field.value);
      });
      var controls = el('p', 'actions');
      controls.append(confirm, secondaryButton(text.back, onBack));
      showKeepingFocus(
        el('p', 'reference', text.reference(shown.reference)),
        mainHeading(text.declineTitle),
        el('p', 'note', text.declineNote),
        label,
        field,
        controls,
      );
    },
    declined: function (reason) {
      var rows = [[text.agreement, shown.title]];
      if (reason) rows.push([text.reasonGiven, reason]);
      showKeepingFocus(
        el('p', 'reference', text.reference(shown.reference)),
        mainHeading(text.declined),
        definitionList(rows),
        el('p', 'note', text.closeWindow),
      );
    },
    later: function () {
      showKeepingFocus(
        el('p', 'reference', text.reference(shown.reference)),
        mainHeading(text.laterTitle),
        el('p', 'note', text.laterNote),
      );
    },
    signing: function () {
      button.disabled = true;
      note.textContent = text.signing;
      afterRender();
    },
    offline: function () {
      button.disabled = true;
      note.textContent = text.offline;
      afterRender();
    },
    signed: function (signedAt) {
      // The Sign button that had the keyboard's focus is gone: keep the signer's place on the new heading.
      showKeepingFocus(
        el('p', 'reference', text.reference(shown.reference)),
        mainHeading(text.signed),
        definitionList(
          [
            [text.agreement, shown.title],
            [text.signedBy, shown.signer.name + ', ' + shown.signer.role],
            [text.signedAt, new Date(signedAt).toLocaleString(language)],
          ].concat(shown.terms.slice(0, 1)),
        ),
        el('p', 'note', text.closeWindow),
      );
    },
    signFailed: function (message) {
      button.disabled = false;
      note.textContent = text.signFailed(message);
      afterRender();
    },
  };
})();
