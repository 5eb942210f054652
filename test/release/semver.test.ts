// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  highestStable,
  isVersion,
  parseVersion,
  sortVersions,
} from '../../scripts/release/semver.mjs';

describe('semver', () => {
  it("orders versions by SemVer 2.0.0 precedence (the spec's own example chain)", () => {
    const chain = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.1.0',
      '1.10.0',
      '2.0.0',
    ];
    for (let i = 0; i + 1 < chain.length; i += 1) {
      expect(compareVersions(chain[i], chain[i + 1]), `${chain[i]} < ${chain[i + 1]}`).toBeLessThan(0);
      expect(compareVersions(chain[i + 1], chain[i]), `${chain[i + 1]} > ${chain[i]}`).toBeGreaterThan(0);
    }
    expect(sortVersions([...chain].reverse())).toEqual(chain);
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
  });

  it('compares numerically, not as text', () => {
    expect(compareVersions('1.9.0', '1.10.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0-rc.9', '1.0.0-rc.10')).toBeLessThan(0);
  });

  it('accepts plain versions and prereleases, rejects the rest (build metadata, leading zeros, v prefix)', () => {
    for (const ok of ['0.0.1', '1.2.3', '10.20.30', '1.4.0-rc.1', '1.0.0-x-y.0']) expect(isVersion(ok), ok).toBe(true);
    for (const bad of [
      '1.2',
      'v1.2.3',
      '01.2.3',
      '1.02.3',
      '1.2.3+build.5',
      '1.2.3-',
      '1.2.3-01',
      '',
      '1.2.3 ',
      '../1.2.3',
    ]) {
      expect(isVersion(bad), bad).toBe(false);
    }
    expect(parseVersion('1.4.0-rc.1')).toMatchObject({ major: 1, minor: 4, patch: 0, prerelease: ['rc', '1'] });
  });

  it('finds the highest stable version of a major, ignoring prereleases and other majors', () => {
    const published = ['1.0.0', '1.3.0', '1.2.4', '1.4.0-rc.1', '2.0.0', '0.9.0'];
    expect(highestStable(published, 1)).toBe('1.3.0');
    expect(highestStable(published, 2)).toBe('2.0.0');
    expect(highestStable(published, 3)).toBeNull();
    expect(highestStable(['1.4.0-rc.1'], 1)).toBeNull();
  });
});
