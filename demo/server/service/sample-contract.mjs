// The readable sample loan contract the signing app renders, in English or German (init's `locale`, which
// the app passes on). Plain data: the page builds DOM from it with textContent, so nothing here is ever
// parsed as HTML.

const TEXT = {
  en: {
    title: 'Business Term Loan Agreement',
    terms: [
      ['Principal amount', '$75,000.00'],
      ['Term', '12 months'],
      ['Total repayment', '$82,500.00'],
      ['Payments', '52 weekly payments of $1,586.54'],
      ['Origination fee', '$1,500.00, deducted from the disbursement'],
    ],
    clauses: [
      [
        'Disbursement',
        "The lender pays the principal, less the origination fee, into the borrower's business account within two business days of signature.",
      ],
      [
        'Repayment',
        'The borrower repays the total repayment amount in equal weekly payments debited from the same account.',
      ],
      [
        'Prepayment',
        'The borrower may repay the outstanding balance at any time; unearned fees are waived on early repayment.',
      ],
      [
        'Default',
        'Two consecutive missed payments are an event of default; the lender will give written notice and 10 days to cure.',
      ],
      ['Governing law', 'This agreement is governed by the laws of the Commonwealth of Massachusetts.'],
    ],
    roles: { Borrower: 'Borrower' },
  },
  de: {
    title: 'Darlehensvertrag für Unternehmen',
    terms: [
      ['Darlehensbetrag', '75.000,00 $'],
      ['Laufzeit', '12 Monate'],
      ['Gesamtrückzahlung', '82.500,00 $'],
      ['Raten', '52 wöchentliche Raten zu 1.586,54 $'],
      ['Bearbeitungsgebühr', '1.500,00 $, von der Auszahlung abgezogen'],
    ],
    clauses: [
      [
        'Auszahlung',
        'Der Darlehensgeber zahlt den Darlehensbetrag abzüglich der Bearbeitungsgebühr innerhalb von zwei Geschäftstagen nach der Unterschrift auf das Geschäftskonto des Darlehensnehmers aus.',
      ],
      [
        'Rückzahlung',
        'Der Darlehensnehmer zahlt den Gesamtrückzahlungsbetrag in gleichen wöchentlichen Raten zurück, die von demselben Konto abgebucht werden.',
      ],
      [
        'Vorzeitige Rückzahlung',
        'Der Darlehensnehmer kann den offenen Betrag jederzeit zurückzahlen; nicht verdiente Gebühren entfallen bei vorzeitiger Rückzahlung.',
      ],
      [
        'Kündigung',
        'Zwei aufeinanderfolgende ausgefallene Raten sind ein Kündigungsgrund; der Darlehensgeber mahnt schriftlich und gibt 10 Tage Zeit zur Abhilfe.',
      ],
      ['Anwendbares Recht', 'Dieser Vertrag unterliegt dem Recht des Commonwealth of Massachusetts.'],
    ],
    roles: { Borrower: 'Darlehensnehmer' },
  },
};

/** The languages the sample contract is written in. */
export const CONTRACT_LANGUAGES = Object.keys(TEXT);

/** "de" for any `de` or `de-*` locale, else "en" (the same rule as the app's own strings). */
export function contractLanguage(locale) {
  return typeof locale === 'string' && /^de(-|$)/i.test(locale) ? 'de' : 'en';
}

export function sampleContract(record, locale) {
  const text = TEXT[contractLanguage(locale)];
  return {
    reference: `LN-${record.contractId.slice(0, 8).toUpperCase()}`,
    title: text.title,
    lender: 'Northwind Capital Lending LLC, 400 Harbor Street, Boston, MA 02110',
    borrower: 'Avery Home Goods LLC, 18 Maple Avenue, Portland, OR 97205',
    signer: { name: record.signer.name, role: text.roles[record.signer.role] ?? record.signer.role },
    terms: text.terms,
    clauses: text.clauses,
  };
}
