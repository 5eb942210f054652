// The partner's login, reduced to what the test needs: the `signer` cookie (set by /login/<id>) names the one
// application its holder may sign. docs/frameworks.md's token route reads `locals.signer`.
import type { Handle } from '@sveltejs/kit';

export const handle: Handle = ({ event, resolve }) => {
  const applicationId = event.cookies.get('signer');
  if (applicationId) event.locals.signer = { applicationIds: [applicationId] };
  return resolve(event);
};
