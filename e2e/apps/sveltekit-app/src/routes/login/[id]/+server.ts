// The test's login: a session cookie for one application, then its signing page.
import { redirect } from '@sveltejs/kit';
import { resolve } from '$app/paths';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = ({ params, cookies }) => {
  cookies.set('signer', params.id, { path: '/', httpOnly: true, sameSite: 'lax', secure: true });
  redirect(303, resolve('/apply/[id]/sign', { id: params.id }));
};
