'use server';
import { fetchSigningToken } from '@/lib/contracts';

export async function signingToken(applicationId: string): Promise<string> {
  // Check here that the signed-in user may sign this application: anyone can call a Server Action.
  return fetchSigningToken(applicationId);
}
