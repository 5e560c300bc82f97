import { describe, expect, it } from 'vitest';
import { ago, describeSyncStatus } from './describeSyncStatus';

const NOW = Date.UTC(2026, 11, 7, 5, 0, 0);
const synced = (over: Partial<{ at: number; entries: number; devices: number; skipped: number }> = {}) =>
  ({ phase: 'synced', at: NOW, entries: 12_345, devices: 3, skipped: 0, ...over }) as const;

describe('describeSyncStatus', () => {
  it('says a finished sync with its counts, separated by thousands', () => {
    expect(describeSyncStatus(synced(), NOW)).toBe('Synced just now · 12,345 entries · 3 devices');
    expect(describeSyncStatus(synced({ entries: 1_234_567, devices: 12 }), NOW)).toBe(
      'Synced just now · 1,234,567 entries · 12 devices',
    );
  });

  it('says one entry and one device in the singular', () => {
    expect(describeSyncStatus(synced({ entries: 1, devices: 1 }), NOW)).toBe(
      'Synced just now · 1 entry · 1 device',
    );
    expect(describeSyncStatus(synced({ entries: 0, devices: 1 }), NOW)).toBe(
      'Synced just now · 0 entries · 1 device',
    );
  });

  it('says how long ago the last sync finished', () => {
    expect(describeSyncStatus(synced({ at: NOW - 59_000 }), NOW)).toMatch(/^Synced just now · /);
    expect(describeSyncStatus(synced({ at: NOW - 60_000 }), NOW)).toMatch(/^Synced 1 minute ago · /);
    expect(describeSyncStatus(synced({ at: NOW - 2 * 60_000 - 5_000 }), NOW)).toMatch(
      /^Synced 2 minutes ago · /,
    );
    expect(describeSyncStatus(synced({ at: NOW - 3 * 3_600_000 }), NOW)).toMatch(/^Synced 3 hours ago · /);
    expect(describeSyncStatus(synced({ at: NOW - 49 * 3_600_000 }), NOW)).toMatch(/^Synced 2 days ago · /);
  });

  it('counts a time in the future (another clock) as just now', () => {
    expect(ago(NOW + 90_000, NOW)).toBe('just now');
    expect(ago(NOW - 3_600_000, NOW)).toBe('1 hour ago');
    expect(ago(NOW - 86_400_000, NOW)).toBe('1 day ago');
  });

  it('adds the skipped documents, and why, only when there are some', () => {
    expect(describeSyncStatus(synced({ skipped: 2 }), NOW)).toBe(
      'Synced just now · 12,345 entries · 3 devices · 2 documents skipped (they could not be decrypted: written with another passphrase, or damaged)',
    );
    expect(describeSyncStatus(synced({ skipped: 1 }), NOW)).toContain('· 1 document skipped (');
    expect(describeSyncStatus(synced({ skipped: 0 }), NOW)).not.toContain('skipped');
  });

  it('says the progress of a transfer both ways', () => {
    expect(describeSyncStatus({ phase: 'uploading', done: 4_000, total: 100_000 }, NOW)).toBe(
      'Uploading 4,000 of 100,000',
    );
    expect(describeSyncStatus({ phase: 'downloading', done: 0, total: 1_500 }, NOW)).toBe(
      'Downloading 0 of 1,500',
    );
  });

  it('says the other phases in words', () => {
    expect(describeSyncStatus({ phase: 'off' }, NOW)).toBe('Sync is off');
    expect(describeSyncStatus({ phase: 'checking' }, NOW)).toBe('Checking the server…');
    expect(describeSyncStatus({ phase: 'offline' }, NOW)).toBe('Offline: changes wait on this device');
    expect(describeSyncStatus({ phase: 'offline', retryAt: NOW + 30_000 }, NOW)).toBe(
      'Offline: changes wait on this device',
    );
  });

  it("shows an error as the engine's sentence, word for word", () => {
    const message =
      'The server refused the username or password (401). Check them in Username and Password, then Start sync again.';
    expect(describeSyncStatus({ phase: 'error', kind: 'unauthorized', message }, NOW)).toBe(message);
  });
});
