// The property names the build shortens (terser's mangle.properties in rollup.config.mjs): internal names only.
// Each is declared in src/, most with a "shortened by the build" comment (those of src/config.ts and
// src/app-port.ts are named below); test/bundle/mangled-names.test.ts checks that none of them
// survives in the built file and that every public name does (a public name must never match this pattern).
// This list alone decides (terser's `builtins`): a name here is renamed everywhere, also where it is read on a DOM
// object, a message or the partner's options, so each one is read only on the SDK's own objects; the test checks
// that src/ reads none of them on a type declared outside src/. Callbacks are listed by name: "on[A-Z]" also
// matches DOM names such as navigator.onLine.
// - "_x": private members (nothing public starts with "_").
// - "onX", canGreet, watching: an attempt owner's callbacks (AttemptOwner in src/attempt-owner.ts) and the channel's
//   (ChannelOptions in src/channel.ts); cleanup, iframe, settings, renewWith: their other fields; ignore, heard: the Channel's internal methods.
// - autoHeight, popup (Settings, src/config.ts; popup is also a ChannelOptions field), embedUrl (SigningApp,
//   src/app-url.ts), settings (a Settings field too).
// - appChannel, isWarm, adopt, begin, refused, halt, teardown: an Attempt's members (src/attempt.ts); focusBefore:
//   an AttemptOwner field (src/attempt-owner.ts); owner: the channel's accessor of it (ChannelOptions).
// - askFocus (AppPort, src/app-port.ts), look and tokens (its handshake's presentation and the attempt's tokens),
//   known (resolveConfig's token string, src/config.ts), settle (Pending, src/pending.ts), wanting and spare
//   (the shared warm frame of an embed URL, src/warm-pool.ts).
// - container, token (ChannelOptions; token also resolveConfig's token source, src/config.ts) and send (Channel;
//   also AppPort's, src/app-port.ts): DOM names too, but the SDK reads none of them on a DOM object.
// - app (Settings, src/config.ts): the signing app's address, set by the SDK itself; the partner's options say
//   appUrl. ids (AttemptOwner) and startAttempt, endAttempt, keepSessionId, runningId, payloadIds (AttemptIds,
//   src/attempt-ids.ts): the attempt's ids; init and payloads carry their values as attemptId and sessionId.
// - promise (Pending, src/pending.ts): the SDK reads it on its own Pending only (3 B, 1.3.0). Not Cleanup's `run`
//   (0 B).
export const MANGLED_PROPERTIES =
  /^(_|on(AppMessage|NoCommonVersion|LoadingFailed|NoHello|PopupClosed|Unresponsive)$|canGreet$|watching$|renewWith$|autoHeight$|popup$|embedUrl$|cleanup$|ignore$|heard$|iframe$|settings$|appChannel$|isWarm$|begin$|refused$|halt$|teardown$|focusBefore$|askFocus$|look$|tokens$|known$|settle$|promise$|wanting$|spare$|adopt$|owner$|container$|token$|send$|ids$|startAttempt$|endAttempt$|keepSessionId$|runningId$|payloadIds$|app$)/;
