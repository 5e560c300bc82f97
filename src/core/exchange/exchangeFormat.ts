/**
 * The Baton exchange format, version 1 (described for people in docs/export-format.md).
 *
 * JSON Lines: one JSON object per line, lines separated by `\n`. A `session` line
 * carries one session header and is followed by that session's entries, each entry
 * the stored record verbatim (so unknown entry kinds and unknown fields travel
 * untouched). A backup starts with a `backup` line and may carry one `settings` line
 * before its sessions.
 *
 * Entry lines are told apart from the other lines by their `type` alone, so the three
 * line types below are reserved: Baton never uses them as entry types. The header is
 * nested under `header` rather than spread into the line, so a header field can never
 * collide with a field of the line itself.
 */
import { redactSecret } from '../redactSecret';
import type { SessionEntry, SessionHeader } from '../session/types';

export const EXCHANGE_FORMAT_VERSION = 1;
export const EXPORTED_BY = 'baton';

export const SESSION_LINE = 'session';
export const BACKUP_LINE = 'backup';
export const SETTINGS_LINE = 'settings';
export const RESERVED_LINE_TYPES: ReadonlySet<string> = new Set([SESSION_LINE, BACKUP_LINE, SETTINGS_LINE]);

/** Settings that are secrets: never written to a file, never read from one. */
export const SECRET_SETTINGS: readonly string[] = ['apiKey'];

/** One session as it is exported and imported: its header and all its entries. */
export interface SessionData {
  header: SessionHeader;
  entries: SessionEntry[];
}

export interface SessionLine {
  type: typeof SESSION_LINE;
  version: number;
  exportedBy: string;
  /** How many entry lines follow; lets an import notice a file cut short. */
  entryCount: number;
  header: SessionHeader;
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
