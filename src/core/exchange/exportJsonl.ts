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

import { encodeBase64 } from '../attachments/base64';
import type { SessionEntry, SessionHeader } from '../types/entry';
import {
  ATTACHMENT_LINE,
  type AttachmentLine,
  BACKUP_LINE,
  type BackupLine,
  EXCHANGE_FORMAT_VERSION,
  EXPORTED_BY,
  type ExchangeAttachment,
  RESERVED_LINE_TYPES,
  SESSION_LINE,
  SETTINGS_LINE,
  type SessionData,
  type SessionLine,
  type SettingsLine,
  toJsonLine,
  type WorkspaceData,
  withoutSecrets,
} from './exchangeFormat';
import { workspaceLines } from './workspaceJsonl';

export interface ExportOptions {
  /** The API key (or any secret) to keep out of the file. */
  secret?: string;
  /** File trees to carry after the sessions: the chain's workspace, or (a backup) every one and the memory. */
  workspaces?: readonly WorkspaceData[];
}

export interface SessionExportOptions extends ExportOptions {
  /** The files the entries attach (see withAttachments). */
  attachments?: ExchangeAttachment[];
}

export interface BackupOptions extends ExportOptions {
  /** When the backup was made; defaults to now. */
  createdAt?: number;
}

/**
 * A file as pieces to write one after another: text (whole lines, or a line up to or
 * after an attachment's bytes) and, apart, each attachment's bytes as base64. The app
 * writes the pieces as they are, so a file of large attachments is never one string,
 * and it scans only the text pieces for keys: the bytes are the user's file, unchanged.
 */
export type JsonlPiece = string | { base64: string };

/** The pieces as one string: for tests and small files. */
export function piecesText(pieces: readonly JsonlPiece[]): string {
  return pieces.map((piece) => (typeof piece === 'string' ? piece : piece.base64)).join('');
}

/** One session: its header line, then its entries, parents before children, then its files. */
export function exportSessionJsonl(
  header: SessionHeader,
  entries: readonly SessionEntry[],
  options: SessionExportOptions = {},
): string {
  const session: SessionData = { header, entries: [...entries] };
  if (options.attachments) session.attachments = options.attachments;
  return piecesText(chainJsonlPieces([session], options));
}

/** Several sessions one after another (a handoff chain, root first, as given). */
export function exportChainJsonl(sessions: readonly SessionData[], options: ExportOptions = {}): string {
  return piecesText(chainJsonlPieces(sessions, options));
}

export function chainJsonlPieces(
  sessions: readonly SessionData[],
  options: ExportOptions = {},
): JsonlPiece[] {
  const pieces = new Pieces();
  for (const session of sessions) sessionLines(session, [options.secret], pieces);
  for (const workspace of options.workspaces ?? []) workspaceLines(workspace, [options.secret], pieces);
  return pieces.done();
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
  return piecesText(backupJsonlPieces(sessions, settings, options));
}

export function backupJsonlPieces(
  sessions: readonly SessionData[],
  settings?: object,
  options: BackupOptions = {},
): JsonlPiece[] {
  const keyInSettings = settings === undefined ? undefined : secretIn(settings);
  const secrets = [options.secret, keyInSettings];
  const backup: BackupLine = {
    type: BACKUP_LINE,
    version: EXCHANGE_FORMAT_VERSION,
    exportedBy: EXPORTED_BY,
    createdAt: options.createdAt ?? Date.now(),
    sessionCount: sessions.length,
  };
  const pieces = new Pieces();
  pieces.line(toJsonLine(backup, secrets));
  if (settings !== undefined) {
    const line: SettingsLine = { type: SETTINGS_LINE, settings: withoutSecrets(settings) };
    pieces.line(toJsonLine(line, secrets));
  }
  for (const session of sessions) sessionLines(session, secrets, pieces);
  for (const workspace of options.workspaces ?? []) workspaceLines(workspace, secrets, pieces);
  return pieces.done();
}

function secretIn(settings: object): string | undefined {
  const key: unknown = (settings as { apiKey?: unknown }).apiKey; // Read only to redact it.
  return typeof key === 'string' ? key : undefined;
}

/** Collects lines, joining neighbouring text so a file has few pieces. */
class Pieces {
  private readonly pieces: JsonlPiece[] = [];
  private text: string[] = [];

  line(text: string): void {
    this.text.push(text, '\n');
  }

  bytes(before: string, base64: string, after: string): void {
    this.text.push(before);
    this.pieces.push(this.text.join(''), { base64 });
    this.text = [after];
  }

  done(): JsonlPiece[] {
    this.pieces.push(this.text.join(''));
    return this.pieces.filter((piece) => piece !== '');
  }
}

function sessionLines(session: SessionData, secrets: readonly (string | undefined)[], pieces: Pieces): void {
  const entries = parentsFirst(session.entries);
  const attachments = session.attachments ?? [];
  const line: SessionLine = {
    type: SESSION_LINE,
    version: EXCHANGE_FORMAT_VERSION,
    exportedBy: EXPORTED_BY,
    entryCount: entries.length,
    attachmentCount: attachments.length,
    header: session.header,
  };
  pieces.line(toJsonLine(line, secrets));
  for (const entry of entries) {
    if (RESERVED_LINE_TYPES.has(entry.type)) {
      // Written as is, it would read back as a header line; Baton never makes such entries.
      throw new Error(`Entry ${entry.id} has the reserved type "${entry.type}" and cannot be exported.`);
    }
    pieces.line(toJsonLine(entry, secrets));
  }
  for (const attachment of attachments) attachmentLine(attachment, session.header.id, secrets, pieces);
}

/**
 * The reference and owner go through redaction like any text (a file name can hold a
 * key); the bytes are appended as the last field afterwards, untouched. Base64 needs no
 * escaping in a JSON string, and a serialised object always ends with its `}`.
 */
function attachmentLine(
  attachment: ExchangeAttachment,
  sessionId: string,
  secrets: readonly (string | undefined)[],
  pieces: Pieces,
): void {
  if (attachment.sessionId !== sessionId) {
    throw new Error(
      `Attached file ${attachment.ref.id} belongs to session ${attachment.sessionId}, not ${sessionId}.`,
    );
  }
  const line: AttachmentLine = { type: ATTACHMENT_LINE, sessionId, attachment: attachment.ref };
  if (attachment.bytes === undefined) {
    line.missing = true;
    pieces.line(toJsonLine(line, secrets));
    return;
  }
  const head = toJsonLine(line, secrets).slice(0, -1);
  pieces.bytes(`${head},"data":"`, encodeBase64(attachment.bytes), '"}\n');
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
