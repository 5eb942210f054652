// The partner's login, reduced to what the test needs: the `signer` cookie (set by /login/<id>) names the one
// application its holder is signing. docs/frameworks.md's token route reads `event.context.signer`.
export default defineEventHandler((event) => {
  const applicationId = getCookie(event, 'signer');
  if (applicationId) event.context.signer = { applicationId };
});
