/**
 * The Baton exchange format, version 2 (described for people in docs/export-format.md).
 *
 * JSON Lines: one JSON object per line, lines separated by `\n`. A `session` line
 * carries one session header and is followed by that session's entries, each entry
 * the stored record verbatim (so unknown entry kinds and unknown fields travel
 * untouched), then the files its entries attach, one `attachment` line each. A backup
 * starts with a `backup` line and may carry one `settings` line before its sessions.
 *
 * Version 2 added the `attachment` lines and the session line's `attachmentCount`;
 * a version 1 file is a version 2 file without attachments and imports as one.
 * Version 3 added workspaces (issue 26): after the sessions, a `workspace` line per file
 * tree (a chain's workspace or the memory directory), followed by its files, one
 * `workspace_file` line each, then its history, one `workspace_change` line each. A file
 * of version 1 or 2 is one of version 3 without workspaces.
 *
 * Entry lines are told apart from the other lines by their `type` alone, so the four
 * line types below are reserved: Baton never uses them as entry types. The header (and
 * an attachment's reference) is nested rather than spread into the line, so one of
 * its fields can never collide with a field of the line itself.
 */
import { redactSecret } from '../redactSecret';
import type { AttachmentRef } from '../types/attachment';
import type { SessionEntry, SessionHeader } from '../types/entry';
import type { FileChange, FileMeta, RootKey } from '../workspace/fileStore';

export const EXCHANGE_FORMAT_VERSION = 3;
/** The first version with attachment lines: session lines from it on must count theirs. */
export const ATTACHMENTS_VERSION = 2;
export const EXPORTED_BY = 'baton';

export const SESSION_LINE = 'session';
export const BACKUP_LINE = 'backup';
export const SETTINGS_LINE = 'settings';
export const ATTACHMENT_LINE = 'attachment';
export const WORKSPACE_LINE = 'workspace';
export const WORKSPACE_FILE_LINE = 'workspace_file';
export const WORKSPACE_CHANGE_LINE = 'workspace_change';
export const RESERVED_LINE_TYPES: ReadonlySet<string> = new Set([
  SESSION_LINE,
  BACKUP_LINE,
  SETTINGS_LINE,
  ATTACHMENT_LINE,
  WORKSPACE_LINE,
  WORKSPACE_FILE_LINE,
  WORKSPACE_CHANGE_LINE,
]);

/** Settings that are secrets: never written to a file, never read from one. */
export const SECRET_SETTINGS: readonly string[] = ['apiKey'];

/**
 * An attached file as an exchange file carries it: its reference as the message
 * blocks hold it, the session it belongs to, and its bytes.
 */
export interface ExchangeAttachment {
  ref: AttachmentRef;
  sessionId: string;
  /**
   * Undefined when the exporting device no longer had the file (written as `missing`).
   * Over a plain ArrayBuffer (never a shared one), so it can become a Blob as it is.
   */
  bytes?: Uint8Array<ArrayBuffer>;
}

/** One session as it is exported and imported: its header, all its entries, its files. */
export interface SessionData {
  header: SessionHeader;
  entries: SessionEntry[];
  /** The files its entries attach; left out (rather than empty) when there are none. */
  attachments?: ExchangeAttachment[];
}

/** A file's contents as an exchange file carries them: text as it is, anything else as bytes. */
export type ExchangeFileBody =
  | { binary: false; text: string }
  /** Over a plain ArrayBuffer, so it can become a Blob as it is. */
  | { binary: true; bytes: Uint8Array<ArrayBuffer> };

/** One file tree (a chain's workspace or the memory directory): its files and its history, oldest first. */
export interface WorkspaceData {
  root: RootKey;
  files: Array<{ meta: FileMeta; body: ExchangeFileBody }>;
  changes: FileChange[];
}

/** Starts a file tree; its file lines, then its change lines, follow. */
export interface WorkspaceLine {
  type: typeof WORKSPACE_LINE;
  root: RootKey;
  /** How many file lines and change lines follow; lets an import notice a file cut short. */
  fileCount: number;
  changeCount: number;
}

/** One file; `data` (a binary file's bytes, base64) is the line's last field, as on attachment lines. */
export interface WorkspaceFileLine {
  type: typeof WORKSPACE_FILE_LINE;
  root: RootKey;
  file: FileMeta;
  /** A text file's contents. */
  text?: string;
  data?: string;
}

export interface WorkspaceChangeLine {
  type: typeof WORKSPACE_CHANGE_LINE;
  root: RootKey;
  change: FileChange;
}

export interface SessionLine {
  type: typeof SESSION_LINE;
  version: number;
  exportedBy: string;
  /** How many entry lines follow; lets an import notice a file cut short. */
  entryCount: number;
  /** How many attachment lines follow the entries (since version 2), for the same reason. */
  attachmentCount: number;
  header: SessionHeader;
}

/**
 * One attached file. `data` is always the line's last field, so the exporter can write
 * the bytes after the rest of the line went through key redaction (bytes are never
 * scanned or changed).
 */
export interface AttachmentLine {
  type: typeof ATTACHMENT_LINE;
  /** The session line it follows; as an entry's `sessionId`. */
  sessionId: string;
  attachment: AttachmentRef;
  /** The exporting device no longer had the file: the reference travels, no bytes. */
  missing?: true;
  /** The bytes, standard base64 with padding; absent when `missing`. */
  data?: string;
}

export interface BackupLine {
  type: typeof BACKUP_LINE;
  version: number;
  exportedBy: string;
  createdAt: number;
  /** How many session lines follow; lets an import notice a file cut short. */
  sessionCount: number;
}

export interface SettingsLine {
  type: typeof SETTINGS_LINE;
  settings: Record<string, unknown>;
}

/** The settings minus every secret field; fromEntries keeps odd names plain fields. */
export function withoutSecrets(settings: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([name]) => !SECRET_SETTINGS.includes(name)));
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One line of JSON with every occurrence of each secret replaced, in string values and
 * in property names alike. Redacting the values before serialising (rather than the
 * finished line) cannot break the JSON and still finds a key that JSON would escape.
 */
export function toJsonLine(value: unknown, secrets: readonly (string | undefined)[]): string {
  const active = secrets.filter((secret): secret is string => secret !== undefined && secret.length > 0);
  if (active.length === 0) return JSON.stringify(value);
  const redact = (text: string) => active.reduce((result, secret) => redactSecret(result, secret), text);
  return JSON.stringify(value, (_name, item: unknown) => {
    if (typeof item === 'string') return redact(item);
    if (isPlainRecord(item) && Object.keys(item).some((name) => redact(name) !== name)) {
      // fromEntries defines properties, so even a `__proto__` name stays a plain field.
      return Object.fromEntries(Object.entries(item).map(([name, field]) => [redact(name), field]));
    }
    return item;
  });
}
