// happy-dom reports each iframe it was told not to load on console.error; unit tests give the SDK's iframe a
// fake window instead (test/unit/fake-app.ts), so that one report is noise. Everything else still prints.
const reportError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (String(args[0]).includes('Iframe page loading is disabled')) return;
  reportError(...args);
};
