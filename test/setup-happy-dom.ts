// happy-dom reports each iframe and script it was told not to load on console.error; unit tests give the SDK's
// iframe a fake window instead (test/unit/fake-app.ts) and play the npm loader's script events themselves
// (test/loader), so those reports are noise. Everything else still prints.
const reportError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (/Iframe page loading is disabled|JavaScript file loading is disabled/.test(String(args[0]))) return;
  reportError(...args);
};
