import { describe, expect, it } from 'vitest';
import { describeImport } from './describeImport';
import { chainSessions } from './exchangeTestFixtures';

describe('describeImport', () => {
  it('counts sessions and entries of an import', () => {
    const sessions = chainSessions();
    const entries = sessions.reduce((sum, s) => sum + s.entries.length, 0);
    expect(describeImport({ kind: 'sessions', sessions, renamedSessions: new Map() })).toBe(
      `Imported 2 sessions (${entries} entries).`,
    );
  });

  it('says a restore adds next to the existing sessions and names the copies', () => {
    const [one] = chainSessions();
    const text = describeImport({ kind: 'backup', sessions: [one!], renamedSessions: new Map([['p', 'q']]) });
    expect(text).toBe(
      `Restored 1 session (${one!.entries.length} entries) from the backup, next to your existing sessions. 1 session was already here and was added as a copy with a new id; nothing was overwritten.`,
    );
  });
});
