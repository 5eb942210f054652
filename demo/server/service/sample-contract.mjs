// The readable sample loan contract the signing app renders. Plain data: the page builds DOM from it with
// textContent, so nothing here is ever parsed as HTML.

export function sampleContract(record) {
  return {
    reference: `LN-${record.contractId.slice(0, 8).toUpperCase()}`,
    title: 'Business Term Loan Agreement',
    lender: 'Northwind Capital Lending LLC, 400 Harbor Street, Boston, MA 02110',
    borrower: 'Avery Home Goods LLC, 18 Maple Avenue, Portland, OR 97205',
    signer: { name: record.signer.name, role: record.signer.role },
    terms: [
      ['Principal amount', '$75,000.00'],
      ['Term', '12 months'],
      ['Total repayment', '$82,500.00'],
      ['Payments', '52 weekly payments of $1,586.54'],
      ['Origination fee', '$1,500.00, deducted from the disbursement'],
    ],
    clauses: [
      ['Disbursement', 'The lender pays the principal, less the origination fee, into the borrower\'s business account within two business days of signature.'],
      ['Repayment', 'The borrower repays the total repayment amount in equal weekly payments debited from the same account.'],
      ['Prepayment', 'The borrower may repay the outstanding balance at any time; unearned fees are waived on early repayment.'],
      ['Default', 'Two consecutive missed payments are an event of default; the lender will give written notice and 10 days to cure.'],
      ['Governing law', 'This agreement is governed by the laws of the Commonwealth of Massachusetts.'],
    ],
  };
}
