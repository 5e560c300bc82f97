/** The sentence the user reads after an import or a restore that went through. */
import type { ParsedImport } from './importJsonl';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function describeImport(parsed: Pick<ParsedImport, 'kind' | 'sessions' | 'renamedSessions'>): string {
  const sessions = count(parsed.sessions.length, 'session', 'sessions');
  const entries = count(
    parsed.sessions.reduce((sum, session) => sum + session.entries.length, 0),
    'entry',
    'entries',
  );
  const what =
    parsed.kind === 'backup'
      ? `Restored ${sessions} (${entries}) from the backup, next to your existing sessions.`
      : `Imported ${sessions} (${entries}).`;
  const renamed = parsed.renamedSessions.size;
  if (renamed === 0) return what;
  return `${what} ${count(renamed, 'session was', 'sessions were')} already here and ${renamed === 1 ? 'was' : 'were'} added as ${renamed === 1 ? 'a copy' : 'copies'} with a new id; nothing was overwritten.`;
}
