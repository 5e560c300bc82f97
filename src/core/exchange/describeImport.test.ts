import { describe, expect, it } from 'vitest';
import { attachedSession, exchangeAttachments } from '../../../testing/fixtures/attachmentTestFixtures';
import { chainSessions } from '../../../testing/fixtures/exchangeTestFixtures';
import { describeImport } from './describeImport';

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

describe('describeImport with attached files', () => {
  it('counts the files, and says which the file did not have', () => {
    const session = { ...attachedSession(), attachments: exchangeAttachments() };
    expect(describeImport({ kind: 'sessions', sessions: [session], renamedSessions: new Map() })).toBe(
      'Imported 1 session (4 entries, 3 files).',
    );
    const [first, ...rest] = exchangeAttachments();
    const gone = { ...session, attachments: [{ ref: first!.ref, sessionId: first!.sessionId }, ...rest] };
    expect(describeImport({ kind: 'backup', sessions: [gone], renamedSessions: new Map() })).toBe(
      'Restored 1 session (4 entries, 2 files) from the backup, next to your existing sessions. 1 attached file was not in the file: the device it came from no longer had it.',
    );
  });
});
