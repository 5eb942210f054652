// Semantic Versioning 2.0.0 parsing and precedence (https://semver.org/#spec-item-11), enough for deciding
// which published version is the highest of a major. Build metadata (`+...`) is rejected: it does not take
// part in precedence, so `1.0.0+a` and `1.0.0+b` would be two different pins the alias could not tell apart.

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?$/;

/** Returns `{major, minor, patch, prerelease: string[], raw}` or null when `text` is not a plain semver. */
export function parseVersion(text) {
  if (typeof text !== 'string') return null;
  const match = SEMVER.exec(text);
  if (!match) return null;
  return {
    raw: text,
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    prerelease: match[4] ? match[4].split('.') : [],
  };
}

export function isVersion(text) {
  return parseVersion(text) !== null;
}

export function isPrerelease(text) {
  return requireVersion(text).prerelease.length > 0;
}

export function majorOf(text) {
  return requireVersion(text).major;
}

/** Negative if a < b, 0 if equal precedence, positive if a > b. */
export function compareVersions(a, b) {
  const x = requireVersion(a);
  const y = requireVersion(b);
  for (const field of ['major', 'minor', 'patch']) {
    if (x[field] !== y[field]) return x[field] - y[field];
  }
  // A version without prerelease ranks above any prerelease of the same core: 1.0.0-rc.1 < 1.0.0.
  if (x.prerelease.length === 0 || y.prerelease.length === 0) {
    return y.prerelease.length - x.prerelease.length;
  }
  const length = Math.max(x.prerelease.length, y.prerelease.length);
  for (let i = 0; i < length; i += 1) {
    const p = x.prerelease[i];
    const q = y.prerelease[i];
    if (p === undefined) return -1; // fewer identifiers ranks lower: 1.0.0-rc < 1.0.0-rc.1
    if (q === undefined) return 1;
    if (p === q) continue;
    const pNumeric = /^\d+$/.test(p);
    const qNumeric = /^\d+$/.test(q);
    if (pNumeric && qNumeric) return Number(p) - Number(q);
    if (pNumeric) return -1; // numeric identifiers rank below alphanumeric ones
    if (qNumeric) return 1;
    return p < q ? -1 : 1; // ASCII order, as the spec requires (not locale order)
  }
  return 0;
}

/** Sorts ascending by precedence; returns a new array. */
export function sortVersions(versions) {
  return [...versions].sort(compareVersions);
}

/** The highest non-prerelease version of `major` among `versions`, or null. */
export function highestStable(versions, major) {
  let best = null;
  for (const version of versions) {
    const parsed = parseVersion(version);
    if (!parsed || parsed.major !== major || parsed.prerelease.length > 0) continue;
    if (best === null || compareVersions(version, best) > 0) best = version;
  }
  return best;
}

function requireVersion(text) {
  const parsed = parseVersion(text);
  if (!parsed) throw new TypeError(`not a semantic version (MAJOR.MINOR.PATCH[-PRERELEASE]): ${JSON.stringify(text)}`);
  return parsed;
}
