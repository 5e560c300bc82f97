/**
 * Export and import through the UI: the open session or its handoff chain as JSONL or
 * Markdown, everything as one backup, and import of an export or a backup.
 *
 * Every action flushes the write queue first, so a file holds what the user sees.
 * Storage is read and written through a second connection to the same database: the
 * repository does not expose its own, and an import must be one transaction of its own
 * anyway (src/storage/importSessions.ts). The API key never reaches a file: the core
 * strips it from settings and redacts its text everywhere, given the key in use, and
 * every key the device used before is found by its fingerprint (keyRemoval.ts).
 * JSONL files carry the files their messages attach; their bytes are written as they
 * are, never scanned (see JsonlPiece). They carry workspaces too (issue 26): a session or
 * chain its chain's workspace, a backup every workspace and the memory; an import stores
 * them in its own transaction and tells the file store (and other tabs) of them.
 */

import { describeImport } from '../../core/exchange/describeImport';
import { referencedAttachmentIds, withAttachments } from '../../core/exchange/exchangeAttachments';
import type { SessionData, WorkspaceData } from '../../core/exchange/exchangeFormat';
import {
  backupFileName,
  beforeImportFileName,
  beforeRestoreFileName,
  type ExportExtension,
  sessionFileName,
} from '../../core/exchange/exportFileName';
import { backupJsonlPieces, chainJsonlPieces, type JsonlPiece } from '../../core/exchange/exportJsonl';
import { exportSessionMarkdown } from '../../core/exchange/exportMarkdown';
import { handoffChainIds } from '../../core/exchange/handoffChain';
import { type ImportError, parseImport } from '../../core/exchange/importJsonl';
import { SessionLog } from '../../core/session/sessionLog';
import type { RootKey } from '../../core/workspace/fileStore';
import { markBackup } from '../../storage/backupMarks';
import { importSessions, loadExistingIds, snapshotAll } from '../../storage/importSessions';
import { type BatonDb, openBatonDb } from '../../storage/schema';
import { announceFileCommit } from '../../storage/workspace/fileChannel';
import { snapshotWorkspaces } from '../../storage/workspace/workspaceBackup';
import { getRuntime, hasRuntime } from '../app/runtime';
import { setSessions } from '../slices/session/actions';
import { notify, notifyError } from '../slices/status/actions';
import { errorText, get } from '../store/storeAccess';
import { withoutPastKeys } from './keyRemoval';

export type ExportFormat = ExportExtension;

const MIME: Record<ExportFormat, string> = {
  jsonl: 'application/jsonl',
  md: 'text/markdown',
};

/**
 * Saves a file through the browser's download, without any key this device has used
 * (the current one is out already). Only the text pieces are scanned; the pieces are
 * written one after another, so a file of large attachments is never one string.
 */
async function downloadText(
  fileName: string,
  content: string | readonly JsonlPiece[],
  format: ExportFormat,
): Promise<void> {
  const pieces = typeof content === 'string' ? [content] : content;
  const parts: string[] = [];
  for (const piece of pieces)
    parts.push(typeof piece === 'string' ? await withoutPastKeys(piece) : piece.base64);
  const url = URL.createObjectURL(new Blob(parts, { type: `${MIME[format]};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by the next task; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function withDb<T>(work: (db: BatonDb) => Promise<T>): Promise<T> {
  const { queue, repository } = getRuntime();
  await queue.flush();
  // The database the app runs on (tests and the bench give it another name), not the default.
  const db = await openBatonDb(repository.databaseName);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

function secret(): string | undefined {
  return get().settings.apiKey || undefined;
}

function titlesById(): Map<string, string> {
  return new Map(get().sessions.map((header) => [header.id, header.title]));
}

function markdownOf(data: SessionData): string {
  const branch = new SessionLog(data.header, data.entries).getBranch();
  return exportSessionMarkdown(data.header, branch, { sessionTitles: titlesById(), secret: secret() });
}

/** The sessions with the files their entries attach, queued or stored. */
async function withTheirFiles(sessions: readonly SessionData[]): Promise<SessionData[]> {
  const records = await getRuntime().files.records(referencedAttachmentIds(sessions));
  return withAttachments(sessions, records);
}

/**
 * The workspaces of the sessions' chains: each session's chain workspace id (its header's
 * `workspace`, else its own id), as stored; the memory is no chain's and stays out.
 */
function theirWorkspaces(sessions: readonly SessionData[]): Promise<WorkspaceData[]> {
  const roots = new Set<RootKey>();
  for (const { header } of sessions) {
    const workspace: unknown = (header as { workspace?: unknown }).workspace; // Only this field is read.
    roots.add(`workspace:${typeof workspace === 'string' ? workspace : header.id}`);
  }
  return withDb((db) => snapshotWorkspaces(db, [...roots]));
}

/** The open session from memory: it may hold what is not stored yet (an empty new session). */
function openSessionData(): SessionData {
  const { session } = getRuntime();
  return { header: session.header, entries: session.log.entries() };
}

export async function exportOpenSession(format: ExportFormat): Promise<void> {
  if (!hasRuntime()) return;
  try {
    await getRuntime().queue.flush();
    const data = openSessionData();
    const text =
      format === 'jsonl'
        ? chainJsonlPieces(await withTheirFiles([data]), {
            secret: secret(),
            workspaces: await theirWorkspaces([data]),
          })
        : markdownOf(data);
    const fileName = sessionFileName(data.header.title, format);
    await downloadText(fileName, text, format);
    notify(`Exported ${fileName}`);
  } catch (error) {
    notifyError(`Could not export the session: ${errorText(error)}`);
  }
}

/** The open session's whole handoff chain, root first, one file. */
export async function exportOpenChain(format: ExportFormat): Promise<void> {
  if (!hasRuntime()) return;
  try {
    const open = openSessionData();
    const stored = await withDb(async (db) => (await snapshotAll(db)).sessions);
    const byId = new Map(stored.map((data) => [data.header.id, data]));
    byId.set(open.header.id, open);
    const headers = [...byId.values()].map((data) => data.header);
    const chain = handoffChainIds(headers, open.header.id).flatMap((id) => byId.get(id) ?? []);
    const root = chain[0] ?? open;
    const text =
      format === 'jsonl'
        ? chainJsonlPieces(await withTheirFiles(chain), {
            secret: secret(),
            workspaces: await theirWorkspaces(chain),
          })
        : `${chain.map(markdownOf).join('\n---\n\n')}`;
    const fileName = sessionFileName(`${root.header.title} chain`, format);
    await downloadText(fileName, text, format);
    notify(`Exported ${fileName} (${chain.length} session${chain.length === 1 ? '' : 's'})`);
  } catch (error) {
    notifyError(`Could not export the handoff chain: ${errorText(error)}`);
  }
}

async function downloadBackup(db: BatonDb, fileName: (createdAt: number) => string): Promise<string> {
  const snapshot = await snapshotAll(db);
  for (const problem of snapshot.problems) notifyError(problem);
  const sessions = await withAttachments(snapshot.sessions, snapshot.attachments);
  const createdAt = Date.now();
  const name = fileName(createdAt);
  const settings = get().settings;
  const workspaces = await snapshotWorkspaces(db);
  const pieces = backupJsonlPieces(sessions, settings, { secret: settings.apiKey, createdAt, workspaces });
  await downloadText(name, pieces, 'jsonl');
  return name;
}

/** Every session and the settings (never the key) in one file. */
export async function exportEverything(): Promise<void> {
  if (!hasRuntime()) return;
  try {
    const name = await withDb((db) => downloadBackup(db, backupFileName));
    // The date Settings → Storage shows, and what quiets the backup reminder.
    markBackup();
    notify(`Backup saved as ${name}`);
  } catch (error) {
    notifyError(`Could not make the backup: ${errorText(error)}`);
  }
}

export type ImportOutcome =
  | { ok: true; message: string; restored: boolean }
  | { ok: false; message: string; errors: ImportError[]; errorCount: number };

/**
 * Imports an export or restores a backup, next to what is there: nothing is ever
 * overwritten (taken ids get new ones). A file with any error imports nothing.
 * Before anything is stored, the current data is downloaded as a backup (the Data
 * section asks first, and the user may decline it): a restore and a plain import alike
 * add sessions and may link them to existing ones, and a file can hold what this
 * version cannot show well. An empty database skips it.
 */
export async function importFromText(
  text: string,
  options: { backup?: boolean } = {},
): Promise<ImportOutcome> {
  // Unless the user declined it (the import dialog's "Import without backup").
  const backup = options.backup ?? true;
  if (!hasRuntime())
    return { ok: false, message: 'Baton has not finished loading yet.', errors: [], errorCount: 0 };
  try {
    return await withDb(async (db) => {
      const stored = await loadExistingIds(db);
      // The open session may not be stored yet; its ids are taken all the same.
      const open = openSessionData();
      const existing = {
        sessions: new Set([...stored.sessions, open.header.id]),
        entries: new Set([...stored.entries, ...open.entries.map((entry) => entry.id)]),
        // The queue was flushed (withDb): every attached file is stored, so its id is here.
        attachments: stored.attachments ?? new Set<string>(),
      };
      const parsed = parseImport(text, existing);
      if (parsed.errorCount > 0) {
        const problems = `${parsed.errorCount} problem${parsed.errorCount === 1 ? '' : 's'}`;
        return {
          ok: false,
          message: `Nothing was imported: the file has ${problems}.`,
          errors: parsed.errors,
          errorCount: parsed.errorCount,
        };
      }
      if (parsed.sessions.length === 0 && parsed.workspaces.length === 0) {
        return {
          ok: false,
          message: 'Nothing was imported: the file holds no sessions.',
          errors: [],
          errorCount: 0,
        };
      }
      const restored = parsed.kind === 'backup';
      let message = describeImport(parsed);
      if (backup && stored.sessions.size > 0) {
        const name = await downloadBackup(db, restored ? beforeRestoreFileName : beforeImportFileName);
        message = `${message} Your data as it was is saved in ${name}.`;
      }
      // A backup brings the user's own sessions back; an import adds copies, marked as such.
      const importedAt = Date.now();
      const sessions = restored
        ? parsed.sessions
        : parsed.sessions.map((data) => ({ ...data, header: { ...data.header, importedAt } }));
      announceFileCommit(db.name, await importSessions(db, sessions, parsed.workspaces));
      await refreshSessions(sessions);
      notify(message);
      return { ok: true, message, restored };
    });
  } catch (error) {
    const message = `Nothing was imported: ${errorText(error)}`;
    return { ok: false, message, errors: [], errorCount: 0 };
  }
}

/** Shows the imported sessions in the list, and the links an import added to the open session. */
async function refreshSessions(imported: readonly SessionData[]): Promise<void> {
  const { repository, session } = getRuntime();
  const newChildren = imported
    .filter((data) => data.header.parentSession === session.header.id)
    .map((data) => data.header.id)
    .filter((id) => !session.header.children.includes(id));
  if (newChildren.length > 0) {
    // importSessions stored these links; the open session must not write its old list over them.
    session.log.header = { ...session.header, children: [...session.header.children, ...newChildren] };
  }
  const { headers, problems } = await repository.loadHeaders();
  for (const problem of problems) notifyError(problem);
  setSessions([session.header, ...headers.filter((header) => header.id !== session.header.id)]);
}
