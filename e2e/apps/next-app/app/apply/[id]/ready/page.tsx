// "Ready at the click" (docs/frameworks.md): the server component passes the Server Action to a client component.
import { signingOptions } from '@/lib/signing-config';
import { signingToken } from '../sign/actions';
import { ReadySigning } from './ready-signing';

export default async function ReadyPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ReadySigning signingToken={signingToken.bind(null, id)} contractId={id} {...signingOptions} />;
}
