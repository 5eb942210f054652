// The partner's backend call (README, Quick start step 1): the contracts endpoint with the API token, on the
// server only. The test starts `next start` with the sandbox's endpoint and API token in its environment.
const CONTRACTS_API_URL = process.env.CONTRACTS_API_URL ?? '';
const CONTRACTS_API_TOKEN = process.env.CONTRACTS_API_TOKEN ?? '';

type Contracts = { contracts: { signers: { signing_token: string }[] }[] };

export async function fetchSigningToken(applicationId: string): Promise<string> {
  const response = await fetch(CONTRACTS_API_URL.replace('{app_id}', encodeURIComponent(applicationId)), {
    // The sandbox's scenario header: a contract the signer can sign to completion.
    headers: { authorization: `Bearer ${CONTRACTS_API_TOKEN}`, 'x-sandbox-scenario': 'complete' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`contracts endpoint answered ${response.status}`);
  const body = (await response.json()) as Contracts;
  return body.contracts[0].signers[0].signing_token;
}
