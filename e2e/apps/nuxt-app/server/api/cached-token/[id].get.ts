// What docs/frameworks.md "Nuxt" warns against, for the test only: a token for the application in the URL, no
// session asked (the cached render gets no cookie), fetched by the cached page's useFetch.
export default defineEventHandler(async (event) => ({
  signingToken: await fetchSigningToken(getRouterParam(event, 'id') ?? ''),
}));
