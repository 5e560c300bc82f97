/**
 * Sessions to the JSONL exchange format (see exchangeFormat.ts and
 * docs/export-format.md): one session, a whole handoff chain, or a full backup.
 *
 * The API key is never in any export. Settings lose their secret fields, and every
 * string in the file (message text, tool input, titles, settings) has the key's text
 * replaced by a placeholder. That does change the user's data where they pasted the
 * key into a message; a key in a file that is mailed around or attached to a bug
 * report is the worse outcome.
 */
import type { SessionEntry, SessionHeader } from '../session/types';
import {
  BACKUP_LINE,
  type BackupLine,
  EXCHANGE_FORMAT_VERSION,
  EXPORTED_BY,
  RESERVED_LINE_TYPES,
  SESSION_LINE,
  SETTINGS_LINE,
  type SessionData,
  type SessionLine,
  type SettingsLine,
  toJsonLine,
  withoutSecrets,
} from './exchangeFormat';

export interface ExportOptions {
  /** The API key (or any secret) to keep out of the file. */
  secret?: string;
}

export interface BackupOptions extends ExportOptions {
  /** When the backup was made; defaults to now. */
  createdAt?: number;
}

/** One session: its header line, then its entries, parents before children. */
export function exportSessionJsonl(
  header: SessionHeader,
  entries: readonly SessionEntry[],
  options: ExportOptions = {},
): string {
  return joinLines(sessionLines({ header, entries: [...entries] }, [options.secret]));
}

/** Several sessions one after another (a handoff chain, root first, as given). */
export function exportChainJsonl(sessions: readonly SessionData[], options: ExportOptions = {}): string {
  return joinLines(sessions.flatMap((session) => sessionLines(session, [options.secret])));
}

/**
 * Everything in one file: a backup line, the settings without their secrets (if
 * given), then every session. A string `apiKey` in the settings is redacted from the
 * whole file as well as `options.secret`, so passing the in-memory settings is safe.
 */
export function exportBackup(
  sessions: readonly SessionData[],
  settings?: object,
  options: BackupOptions = {},
): string {
  const keyInSettings = settings === undefined ? undefined : secretIn(settings);
  const secrets = [options.secret, keyInSettings];
  const backup: BackupLine = {
    type: BACKUP_LINE,
    version: EXCHANGE_FORMAT_VERSION,
    exportedBy: EXPORTED_BY,
    createdAt: options.createdAt ?? Date.now(),
    sessionCount: sessions.length,
  };
  const lines = [toJsonLine(backup, secrets)];
  if (settings !== undefined) {
    const line: SettingsLine = { type: SETTINGS_LINE, settings: withoutSecrets(settings) };
    lines.push(toJsonLine(line, secrets));
  }
  for (const session of sessions) lines.push(...sessionLines(session, secrets));
  return joinLines(lines);
}

function secretIn(settings: object): string | undefined {
  const key: unknown = (settings as { apiKey?: unknown }).apiKey; // Read only to redact it.
  return typeof key === 'string' ? key : undefined;
}

function sessionLines(session: SessionData, secrets: readonly (string | undefined)[]): string[] {
  const entries = parentsFirst(session.entries);
  const line: SessionLine = {
    type: SESSION_LINE,
    version: EXCHANGE_FORMAT_VERSION,
    exportedBy: EXPORTED_BY,
    entryCount: entries.length,
    header: session.header,
  };
  const lines = [toJsonLine(line, secrets)];
  for (const entry of entries) {
    if (RESERVED_LINE_TYPES.has(entry.type)) {
      // Written as is, it would read back as a header line; Baton never makes such entries.
      throw new Error(`Entry ${entry.id} has the reserved type "${entry.type}" and cannot be exported.`);
    }
    lines.push(toJsonLine(entry, secrets));
  }
  return lines;
}

function joinLines(lines: readonly string[]): string {
  return `${lines.join('\n')}\n`;
}

/**
 * The entries in the order given, except that an entry whose parent comes later waits
 * for it (a clock set back can give a child an older timestamp). Linear: each entry is
 * queued at most once under its parent. Entries caught in a damaged parent cycle can
 * never be released; they are appended at the end in the order given.
 */
export function parentsFirst(entries: readonly SessionEntry[]): SessionEntry[] {
  const present = new Set(entries.map((entry) => entry.id));
  const written = new Set<string>();
  const waiting = new Map<string, SessionEntry[]>();
  const ordered: SessionEntry[] = [];

  const write = (first: SessionEntry) => {
    const stack = [first];
    while (stack.length > 0) {
      const entry = stack.pop()!;
      ordered.push(entry);
      written.add(entry.id);
      const children = waiting.get(entry.id);
      if (children) {
        waiting.delete(entry.id);
        // Reversed so the children come out in the order they were given.
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
      }
    }
  };

  for (const entry of entries) {
    const parent = entry.parentId;
    if (parent === null || !present.has(parent) || written.has(parent)) {
      write(entry);
    } else {
      const queue = waiting.get(parent);
      if (queue) queue.push(entry);
      else waiting.set(parent, [entry]);
    }
  }
  if (ordered.length < entries.length) {
    for (const entry of entries) if (!written.has(entry.id)) ordered.push(entry);
  }
  return ordered;
}
