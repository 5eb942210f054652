// Renders the signing app's states with createElement/textContent only (the page's CSP enforces Trusted
// Types, and nothing from the server is ever parsed as HTML), in the language init asked for; an `update` with
// another locale draws the current view again in place (relabel).
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
  // The current view drawn again (relabel), and the Sign button's state on top of it (signing, offline, failed).
  var redraw;
  var buttonState;
  var reasonField;
  // The contract in each language the service sent, by language (see contract()).
  var translations;

  /** The contract in the signer's current language, else in English (the pseudo-locale ar-XB has no text of its own). */
  function shown() {
    return translations[language] || translations.en;
  }

  /** Makes `draw(args...)` the view that relabel() draws again. */
  function remember(draw, args) {
    redraw = function () {
      draw.apply(null, args);
    };
    buttonState = undefined;
  }

  // The controls and heading of a view, in order: the focused one is found again by its place after a relabel.
  function focusables() {
    return Array.prototype.slice.call(root.querySelectorAll('button, textarea, h1'));
  }

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
    /**
     * `locale` from an `update`: the current view in the new language, in place (same document), with the
     * signer's place: the typed decline reason, the Sign button's state and the keyboard focus are kept.
     */
    relabel: function (locale) {
      var typed = reasonField?.isConnected ? reasonField.value : undefined;
      var state = buttonState;
      var focused = focusables().indexOf(document.activeElement);
      window.SandboxSigningView.setLocale(locale);
      if (!redraw) return;
      redraw();
      if (typed !== undefined) reasonField.value = typed;
      if (state) state();
      if (focused >= 0) focusables()[focused]?.focus();
    },
    standalone: function () {
      remember(window.SandboxSigningView.standalone, arguments);
      status(text.standalone);
    },
    ended: function () {
      remember(window.SandboxSigningView.ended, arguments);
      status(text.ended);
    },
    loading: function () {
      remember(window.SandboxSigningView.loading, arguments);
      status(text.loading);
    },
    preparing: function () {
      remember(window.SandboxSigningView.preparing, arguments);
      status(text.preparing);
    },
    error: function (code, message) {
      remember(window.SandboxSigningView.error, arguments);
      var shownMessage = language === 'en' ? message : text.errors[code];
      show(
        mainHeading(text.errorTitle),
        el('p', '', shownMessage || text.errorFallback),
        el('p', 'code', text.code + code),
      );
    },
    /**
     * The contract with its controls. `contracts`: the contract by language ({ en, de }), so a later relabel shows
     * it in the new language with no new session; `actions`: sign, decline, later (finish later), reload.
     */
    contract: function (contracts, actions) {
      remember(window.SandboxSigningView.contract, arguments);
      translations = contracts;
      var contract = shown();
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
      remember(window.SandboxSigningView.declineForm, arguments);
      var field = el('textarea', 'reason');
      reasonField = field;
      field.id = 'decline-reason';
      field.rows = 3;
      field.maxLength = 500;
      var label = el('label', '', text.reasonLabel);
      label.htmlFor = field.id;
      var confirm = el('button', 'sign danger', text.declineConfirm);
      confirm.type = 'button';
      confirm.addEventListener('click', function () {
        onConfirm(field.value);
      });
      var controls = el('p', 'actions');
      controls.append(confirm, secondaryButton(text.back, onBack));
      showKeepingFocus(
        el('p', 'reference', text.reference(shown().reference)),
        mainHeading(text.declineTitle),
        el('p', 'note', text.declineNote),
        label,
        field,
        controls,
      );
    },
    declined: function (reason) {
      remember(window.SandboxSigningView.declined, arguments);
      var rows = [[text.agreement, shown().title]];
      if (reason) rows.push([text.reasonGiven, reason]);
      showKeepingFocus(
        el('p', 'reference', text.reference(shown().reference)),
        mainHeading(text.declined),
        definitionList(rows),
        el('p', 'note', text.closeWindow),
      );
    },
    later: function () {
      remember(window.SandboxSigningView.later, arguments);
      showKeepingFocus(
        el('p', 'reference', text.reference(shown().reference)),
        mainHeading(text.laterTitle),
        el('p', 'note', text.laterNote),
      );
    },
    signing: function () {
      buttonState = window.SandboxSigningView.signing;
      button.disabled = true;
      note.textContent = text.signing;
      afterRender();
    },
    offline: function () {
      buttonState = window.SandboxSigningView.offline;
      button.disabled = true;
      note.textContent = text.offline;
      afterRender();
    },
    signed: function (signedAt) {
      remember(window.SandboxSigningView.signed, arguments);
      // The Sign button that had the keyboard's focus is gone: keep the signer's place on the new heading.
      showKeepingFocus(
        el('p', 'reference', text.reference(shown().reference)),
        mainHeading(text.signed),
        definitionList(
          [
            [text.agreement, shown().title],
            [text.signedBy, shown().signer.name + ', ' + shown().signer.role],
            [text.signedAt, new Date(signedAt).toLocaleString(language)],
          ].concat(shown().terms.slice(0, 1)),
        ),
        el('p', 'note', text.closeWindow),
      );
    },
    signFailed: function (message) {
      buttonState = function () {
        window.SandboxSigningView.signFailed(message);
      };
      button.disabled = false;
      note.textContent = text.signFailed(message);
      afterRender();
    },
  };
})();
