// What the target currently serves, read from the target itself (the source of truth, whatever the manifest
// says): every published version with its integrity, and which version each v<major>/ alias serves, found by
// comparing the alias's bytes with the pinned ones.
import { gzipSizeOf, sriOf } from '../../lib/bundle.mjs';
import { FILES, PACKAGE_PATH, keyOf } from './layout.mjs';
import { isVersion } from './semver.mjs';

/**
 * Returns `{ versions: Map<version, {integrity, elementIntegrity?, size, gzipSize, lastModified}>,
 * aliases: Map<name, string|null>, warnings: string[] }`. An alias maps to null when its bytes match no published
 * version; `elementIntegrity` is there when the version has element.umd.js (1.3.0 on).
 */
export async function readPublished(target) {
  const names = await target.listDirectories(PACKAGE_PATH);
  const versions = new Map();
  const aliases = new Map();
  const warnings = [];

  await Promise.all(
    names.filter(isVersion).map(async (version) => {
      const [script, sidecar, element, elementSidecar] = await Promise.all([
        target.get(keyOf(version, FILES.script)),
        target.get(keyOf(version, FILES.integrity)),
        target.get(keyOf(version, FILES.element)),
        target.get(keyOf(version, FILES.elementIntegrity)),
      ]);
      if (!script) {
        warnings.push(
          `${version}/ has no ${FILES.script}: an interrupted release? Releasing ${version} again completes it.`,
        );
        return;
      }
      const integrity = sriOf(script.body);
      const recorded = sidecar ? sidecar.body.toString('utf8').trim() : null;
      if (recorded !== integrity) {
        warnings.push(
          `${version}/${FILES.integrity} is ${recorded ?? 'missing'} but the published script hashes to ${integrity}; partners pinning the sidecar value will fail. Investigate the origin.`,
        );
      }
      const elementIntegrity = element && sriOf(element.body);
      if (element && elementSidecar?.body.toString('utf8').trim() !== elementIntegrity) {
        warnings.push(
          `${version}/${FILES.elementIntegrity} does not match the published ${FILES.element} (${elementIntegrity}); partners pinning the sidecar value will fail. Investigate the origin.`,
        );
      }
      versions.set(version, {
        integrity,
        ...(elementIntegrity ? { elementIntegrity } : {}),
        size: script.body.length,
        gzipSize: gzipSizeOf(script.body),
        lastModified: script.lastModified,
      });
    }),
  );

  const byIntegrity = new Map([...versions].map(([version, info]) => [info.integrity, version]));
  await Promise.all(
    names
      .filter((name) => /^v\d+$/.test(name))
      .map(async (name) => {
        const script = await target.get(keyOf(name, FILES.script));
        if (!script) return;
        const version = byIntegrity.get(sriOf(script.body)) ?? null;
        if (version === null)
          warnings.push(`${name}/${FILES.script} matches no published version (it was not written by this tool).`);
        aliases.set(name, version);
      }),
  );
  return { versions, aliases, warnings };
}
