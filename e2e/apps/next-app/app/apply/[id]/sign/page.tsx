// docs/frameworks.md "Next.js (App Router)": a server component renders <ContractSigning> with a Server Action.
import { ContractSigning } from 'contracts-sdk/react';
import { signingOptions } from '@/lib/signing-config';
import { signingToken } from './actions';

export default async function SignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <ContractSigning signingToken={signingToken.bind(null, id)} contractId={id} height="auto" {...signingOptions} />
  );
}
