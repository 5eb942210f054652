// For the test, from Node: the signed events the docs' webhook route verified for an application.
export default defineEventHandler((event) => ({ events: signedEventsOf(getRouterParam(event, 'id') ?? '') }));
