import { describe, expect, it } from 'vitest';
import { findChromium, SYSTEM_CHROMIUM_PATHS } from './findChromium.mjs';

const nothing = () => false;
const only = (path: string) => (candidate: string) => candidate === path;

describe('findChromium', () => {
  it('takes BATON_CHROMIUM first, even over a system Chromium', () => {
    expect(findChromium({ BATON_CHROMIUM: '/opt/chromium/chrome' }, () => true)).toEqual({
      source: 'BATON_CHROMIUM',
      path: '/opt/chromium/chrome',
    });
  });

  it('finds a system Chromium when BATON_CHROMIUM is unset or empty', () => {
    expect(findChromium({}, only('/usr/bin/chromium'))).toEqual({
      source: 'system',
      path: '/usr/bin/chromium',
    });
    expect(findChromium({ BATON_CHROMIUM: '' }, only('/usr/bin/google-chrome'))).toEqual({
      source: 'system',
      path: '/usr/bin/google-chrome',
    });
  });

  it("prefers Debian's Chromium, the one CI has, when several are installed", () => {
    expect(SYSTEM_CHROMIUM_PATHS[0]).toBe('/usr/bin/chromium');
    expect(findChromium({}, () => true).path).toBe('/usr/bin/chromium');
  });

  it("finds none when there is no system Chromium: Playwright's own is to be installed", () => {
    expect(findChromium({}, nothing)).toEqual({ source: 'none' });
  });
});
