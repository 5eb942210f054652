// Every string the sandbox signing app shows, in English and German, and the pseudo-locale `ar-XB` for right-to-left
// testing. The language comes from init's or update's `locale` (docs/protocol.md): any `de` or `de-*` is German,
// `ar-XB` is the English text mirrored as a right-to-left script reads (the pseudo-locale Chromium and Android use
// for this: the sandbox has no real right-to-left translation), everything else (and no locale) is English.
(function () {
  'use strict';
  var STRINGS = {
    en: {
      standalone:
        "This is the sandbox signing app. It runs in the contracts SDK's frame or window: open the partner demo page instead. Opened by a partner page? Its Cross-Origin-Opener-Policy header cut this window off: it needs same-origin-allow-popups.",
      ended: 'This signing session has ended. You can close this window, or reload the page you came from.',
      loading: 'Loading contract…',
      preparing: 'Preparing your contract…',
      errorTitle: 'This contract cannot be signed here',
      errorFallback: 'Something went wrong.',
      code: 'Code: ',
      reference: function (reference) {
        return 'Contract ' + reference + ' (sandbox)';
      },
      lender: 'Lender',
      borrower: 'Borrower',
      signer: 'Signer',
      loanTerms: 'Loan terms',
      clauses: 'Clauses',
      sign: 'Sign contract',
      signNote: function (name) {
        return 'By selecting "Sign contract" you sign this agreement electronically as ' + name + '.';
      },
      signing: 'Signing…',
      offline: 'You are offline. Your signature will be sent when the connection is back.',
      signFailed: function (message) {
        return 'Signing failed: ' + message + ' Please try again.';
      },
      signed: 'Contract signed',
      agreement: 'Agreement',
      signedBy: 'Signed by',
      signedAt: 'Signed at',
      closeWindow: 'You can close this window.',
      reload: 'Reload this page',
      decline: 'Decline',
      later: 'Finish later',
      declineTitle: 'Decline this contract?',
      declineNote: 'The lender is told that you declined. You may tell them why.',
      reasonLabel: 'Reason (optional)',
      declineConfirm: 'Decline contract',
      back: 'Back to the contract',
      declined: 'You declined this contract',
      reasonGiven: 'Your reason',
      laterTitle: 'You can finish signing later',
      laterNote: 'Nothing was signed. Continue from the page you came from when you are ready.',
      // Error messages by code; English shows the service's own message instead (it is written in English).
      errors: {},
    },
    de: {
      standalone:
        'Dies ist die Sandbox-Signatur-App. Sie läuft im Frame oder Fenster des Contracts-SDK: Öffnen Sie stattdessen die Partner-Demoseite. Von einer Partnerseite geöffnet? Deren Cross-Origin-Opener-Policy-Header hat dieses Fenster abgetrennt: Sie braucht same-origin-allow-popups.',
      ended:
        'Diese Signatursitzung ist beendet. Sie können dieses Fenster schließen oder die Seite neu laden, von der Sie kamen.',
      loading: 'Vertrag wird geladen…',
      preparing: 'Ihr Vertrag wird vorbereitet…',
      errorTitle: 'Dieser Vertrag kann hier nicht unterschrieben werden',
      errorFallback: 'Etwas ist schiefgelaufen.',
      code: 'Code: ',
      reference: function (reference) {
        return 'Vertrag ' + reference + ' (Sandbox)';
      },
      lender: 'Darlehensgeber',
      borrower: 'Darlehensnehmer',
      signer: 'Unterzeichner',
      loanTerms: 'Darlehenskonditionen',
      clauses: 'Klauseln',
      sign: 'Vertrag unterschreiben',
      signNote: function (name) {
        return 'Mit „Vertrag unterschreiben“ unterschreiben Sie diesen Vertrag elektronisch als ' + name + '.';
      },
      signing: 'Wird unterschrieben…',
      offline: 'Sie sind offline. Ihre Unterschrift wird gesendet, sobald die Verbindung zurück ist.',
      // The service's reason is English: German signers get the plain instruction.
      signFailed: function () {
        return 'Das Unterschreiben ist fehlgeschlagen. Bitte versuchen Sie es erneut.';
      },
      signed: 'Vertrag unterschrieben',
      agreement: 'Vertrag',
      signedBy: 'Unterschrieben von',
      signedAt: 'Unterschrieben am',
      closeWindow: 'Sie können dieses Fenster schließen.',
      reload: 'Diese Seite neu laden',
      decline: 'Ablehnen',
      later: 'Später fortsetzen',
      declineTitle: 'Diesen Vertrag ablehnen?',
      declineNote: 'Der Darlehensgeber erfährt, dass Sie abgelehnt haben. Sie können ihm den Grund nennen.',
      reasonLabel: 'Grund (optional)',
      declineConfirm: 'Vertrag ablehnen',
      back: 'Zurück zum Vertrag',
      declined: 'Sie haben diesen Vertrag abgelehnt',
      reasonGiven: 'Ihr Grund',
      laterTitle: 'Sie können die Unterschrift später fortsetzen',
      laterNote:
        'Es wurde nichts unterschrieben. Fahren Sie auf der Seite fort, von der Sie kamen, wenn Sie bereit sind.',
      errors: {
        not_found: 'Dieser Signaturlink ist ungültig, oder der Vertrag ist nicht mehr verfügbar.',
        verification_required: 'Der Unterzeichner muss seine Identität bestätigen, bevor er unterschreibt.',
        verification_limit_exceeded:
          'Die Versuche zur Identitätsprüfung sind aufgebraucht; die Unterschrift ist nicht möglich.',
        loading_error: 'Die Signaturanwendung konnte nicht gestartet werden.',
        rate_limited: 'Zu viele Anfragen für diesen Vertrag; bitte versuchen Sie es später erneut.',
      },
    },
  };

  // RIGHT-TO-LEFT OVERRIDE ... POP DIRECTIONAL FORMATTING: Latin letters laid out right to left.
  function mirrored(text) {
    return '\u202e' + text + '\u202c';
  }

  /** A strings table with every text (and every function's result) mirrored. */
  function pseudoRtl(table) {
    var result = {};
    Object.keys(table).forEach(function (key) {
      var entry = table[key];
      if (typeof entry === 'string') result[key] = mirrored(entry);
      else if (typeof entry === 'function') {
        result[key] = function () {
          return mirrored(entry.apply(null, arguments));
        };
      } else result[key] = pseudoRtl(entry);
    });
    return result;
  }

  STRINGS['ar-XB'] = pseudoRtl(STRINGS.en);

  window.SandboxSigningStrings = {
    /** "de" for any `de` or `de-*` locale, "ar-XB" for that pseudo-locale (any case), else "en". */
    languageOf: function (locale) {
      if (typeof locale !== 'string') return 'en';
      if (/^ar-xb$/i.test(locale)) return 'ar-XB';
      return /^de(-|$)/i.test(locale) ? 'de' : 'en';
    },
    /** The direction a language is written in, for an SDK that sends no `dir` (before 1.3.0). */
    directionOf: function (language) {
      return language === 'ar-XB' ? 'rtl' : 'ltr';
    },
    forLanguage: function (language) {
      return STRINGS[language] || STRINGS.en;
    },
  };
})();
