/** The sentence the user reads after an import or a restore that went through. */
import type { ParsedImport } from './importJsonl';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function describeImport(
  parsed: Pick<ParsedImport, 'kind' | 'sessions' | 'renamedSessions'> &
    Partial<Pick<ParsedImport, 'workspaces'>>,
): string {
  const sessions = count(parsed.sessions.length, 'session', 'sessions');
  const entries = count(
    parsed.sessions.reduce((sum, session) => sum + session.entries.length, 0),
    'entry',
    'entries',
  );
  const attachments = parsed.sessions.flatMap((session) => session.attachments ?? []);
  const stored = attachments.filter((attachment) => attachment.bytes !== undefined).length;
  const missing = attachments.length - stored;
  // Files are named only when there are some: most sessions have none.
  const contents = stored > 0 ? `${entries}, ${count(stored, 'file', 'files')}` : entries;
  const what =
    parsed.kind === 'backup'
      ? `Restored ${sessions} (${contents}) from the backup, next to your existing sessions.`
      : `Imported ${sessions} (${contents}).`;
  const absent =
    missing > 0
      ? ` ${count(missing, 'attached file was', 'attached files were')} not in the file: the device it came from no longer had ${missing === 1 ? 'it' : 'them'}.`
      : '';
  const fileCount = (parsed.workspaces ?? []).reduce((sum, workspace) => sum + workspace.files.length, 0);
  // Workspace files already here are kept; see storage/workspace/workspaceBackup.ts.
  const workspaceFiles =
    fileCount > 0
      ? ` It also brought ${count(fileCount, 'workspace or memory file', 'workspace and memory files')}; files already here were kept.`
      : '';
  const renamed = parsed.renamedSessions.size;
  if (renamed === 0) return `${what}${absent}${workspaceFiles}`;
  return `${what}${absent}${workspaceFiles} ${count(renamed, 'session was', 'sessions were')} already here and ${renamed === 1 ? 'was' : 'were'} added as ${renamed === 1 ? 'a copy' : 'copies'} with a new id; nothing was overwritten.`;
}
