// The property names the build shortens (terser's mangle.properties in rollup.config.mjs): internal names only.
// Each is declared in src/ with a comment saying so; test/bundle/mangled-names.test.ts checks that none of them
// survives in the built file and that every public name does (a public name must never match this pattern).
// - "_x": private members (nothing public starts with "_").
// - "onX", canGreet: the channel's callbacks (ChannelOptions in src/channel.ts); cleanup, iframe, settings: the
//   channel's other options; ignore, heard: the Channel's internal methods.
// - autoHeight (Settings, src/config.ts), embedUrl (SigningApp, src/app-url.ts), settings (a Settings field too).
export const MANGLED_PROPERTIES =
  /^(_|on[A-Z]|canGreet$|autoHeight$|embedUrl$|cleanup$|ignore$|heard$|iframe$|settings$)/;
