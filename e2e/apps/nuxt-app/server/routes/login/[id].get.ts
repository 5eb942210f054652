// The test's login: a session cookie for one application, then its signing page.
export default defineEventHandler((event) => {
  const applicationId = getRouterParam(event, 'id') ?? '';
  setCookie(event, 'signer', applicationId, { path: '/', httpOnly: true, sameSite: 'lax', secure: true });
  return sendRedirect(event, `/apply/${encodeURIComponent(applicationId)}/sign`, 303);
});
