/**
 * The storage side of import and backup.
 *
 * An import is one readwrite transaction: every header, every entry, every attached
 * file and the lineage links it adds land together or not at all, so a failed import
 * leaves nothing behind (and no file without its message, or message without its file).
 * Records are added, never put: if an id was taken after the file was checked (another
 * tab), the add fails with ConstraintError and the whole import is rolled back rather
 * than overwriting anything. parseImport gives clashing ids new ones beforehand.
 *
 * Lineage across the file boundary: an imported session whose `parentSession` names a
 * session that is not in the file but is in the database gets added to that parent's
 * `children` (if not there already), so the chain can be walked both ways, as after a
 * handoff. That is the only change an import makes to an existing record. A
 * `parentSession` naming a session found nowhere is kept as it is (the parent shows as
 * missing, as after a delete), and so are `children` naming sessions outside the file:
 * lineage is history, and existing sessions' own `parentSession` is never rewritten.
 */
import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import type { ExchangeAttachment, SessionData, WorkspaceData } from '../core/exchange/exchangeFormat';
import type { ExistingIds } from '../core/exchange/remapImportIds';
import { isRecord } from '../core/isRecord';
import { restoreEntry, restoreHeader } from '../core/session/restoreRecords';
import type { SessionHeader } from '../core/types/entry';
import { isHeaderWithChildren } from './applyChangeSet';
import type { CommittedChangeSet } from './backend';
import { ChangeRecorder } from './changeRecorder';
import { orderEntries } from './orderEntries';
import type { BatonDb } from './schema';
import { DELETED_SESSIONS_KEY } from './settingsKeys';
import { runTransaction } from './transaction';
import { planWorkspaceImport, WORKSPACE_STORES, writeWorkspaceImport } from './workspace/workspaceBackup';

/** Every session, entry and attached file id in the database, for parseImport to avoid. */
export async function loadExistingIds(db: BatonDb): Promise<ExistingIds> {
  const [sessions, entries, attachments] = await runTransaction(
    db,
    ['sessions', 'entries', 'attachments'],
    'readonly',
    (tx, requests) =>
      Promise.all([
        requests.add(tx.objectStore('sessions').getAllKeys()),
        requests.add(tx.objectStore('entries').getAllKeys()),
        requests.add(tx.objectStore('attachments').getAllKeys()),
      ]),
  );
  return { sessions: new Set(sessions), entries: new Set(entries), attachments: new Set(attachments) };
}

/** The stored record of an imported file; a file the export did not have stores nothing. */
function attachmentRecord(attachment: ExchangeAttachment): AttachmentRecord | undefined {
  if (attachment.bytes === undefined) return undefined;
  const data = new Blob([attachment.bytes], { type: attachment.ref.mediaType });
  return { ...attachment.ref, sessionId: attachment.sessionId, data };
}

/**
 * Stores checked sessions and workspaces (parseImport's output) in one transaction; see
 * the file comment, and workspaceBackup.ts for how workspaces are merged. Returns what
 * was committed, for telling other tabs (and the file store) of the files.
 */
export async function importSessions(
  db: BatonDb,
  sessions: readonly SessionData[],
  workspaces: readonly WorkspaceData[] = [],
): Promise<CommittedChangeSet | undefined> {
  if (sessions.length === 0 && workspaces.length === 0) return undefined;
  const imported = new Set<string>();
  for (const { header, entries } of sessions) {
    imported.add(header.id);
    for (const entry of entries) {
      if (entry.sessionId !== header.id) {
        throw new Error(`Entry ${entry.id} belongs to session ${entry.sessionId}, not ${header.id}.`);
      }
    }
  }
  const records: AttachmentRecord[] = [];
  for (const { header, attachments } of sessions) {
    for (const attachment of attachments ?? []) {
      if (attachment.sessionId !== header.id) {
        throw new Error(
          `Attached file ${attachment.ref.id} belongs to session ${attachment.sessionId}, not ${header.id}.`,
        );
      }
      const record = attachmentRecord(attachment);
      if (record) records.push(record);
    }
  }
  // Parents outside the file, each with the imported sessions that name it, oldest first.
  const outsideParents = new Map<string, string[]>();
  for (const { header } of sessions) {
    const parent = header.parentSession;
    if (parent === undefined || imported.has(parent)) continue;
    const children = outsideParents.get(parent);
    if (children) children.push(header.id);
    else outsideParents.set(parent, [header.id]);
  }

  const stores = ['sessions', 'entries', 'settings', 'attachments', 'stamps', ...WORKSPACE_STORES] as const;
  return runTransaction(db, stores, 'readwrite', async (tx, requests) => {
    const headers = tx.objectStore('sessions');
    const entries = tx.objectStore('entries');
    const settings = tx.objectStore('settings');
    const workspaceStores = {
      files: tx.objectStore('files'),
      fileBodies: tx.objectStore('fileBodies'),
      fileChanges: tx.objectStore('fileChanges'),
    };
    // Read first, then queue every write without awaiting: a failed add must abort
    // the transaction with its own error, not with one from a later await.
    const parentIds = [...outsideParents.keys()];
    const [parents, deleted, recorder, workspacePlans] = await Promise.all([
      Promise.all(parentIds.map((id): Promise<unknown> => requests.add(headers.get(id)))),
      requests.add(settings.get(DELETED_SESSIONS_KEY)),
      ChangeRecorder.begin(settings, tx.objectStore('stamps'), requests),
      planWorkspaceImport(workspaceStores, requests, workspaces),
    ]);
    // A session deleted here and now imported again is live again: its writes are accepted.
    if (Array.isArray(deleted) && deleted.some((id) => imported.has(id))) {
      requests.add(
        settings.put(
          deleted.filter((id) => !imported.has(id)),
          DELETED_SESSIONS_KEY,
        ),
      );
      recorder.put({ kind: 'setting', id: DELETED_SESSIONS_KEY });
    }

    for (const session of sessions) {
      const sessionId = session.header.id;
      requests.add(headers.add(session.header));
      recorder.put({ kind: 'header', id: sessionId, sessionId });
      for (const entry of session.entries) {
        requests.add(entries.add(entry));
        recorder.put({ kind: 'entry', id: entry.id, sessionId });
      }
    }
    const files = tx.objectStore('attachments');
    for (const record of records) {
      requests.add(files.add(record));
      recorder.put({ kind: 'attachment', id: record.id, sessionId: record.sessionId });
    }
    parentIds.forEach((id, index) => {
      const parent = parents[index];
      if (!isHeaderWithChildren(parent)) return; // Not here, or too damaged to link safely.
      const missing = (outsideParents.get(id) ?? []).filter((child) => !parent.children.includes(child));
      // Written back as stored, bar the new links, so nothing else of it changes.
      if (missing.length > 0) {
        requests.add(headers.put({ ...parent, children: [...parent.children, ...missing] }));
        recorder.put({ kind: 'header', id, sessionId: id });
      }
    });
    writeWorkspaceImport(workspaceStores, requests, recorder, workspacePlans);
    return recorder.finish();
  });
}

export interface Snapshot {
  /** Every readable session with its entries, oldest session first. */
  sessions: SessionData[];
  /** Records that could not be read or were repaired, one sentence each. */
  problems: string[];
  /**
   * Every stored attached file by id, bytes not read yet (a Blob is a handle): an
   * export reads only the ones its entries attach (withAttachments).
   */
  attachments: Map<string, AttachmentRecord>;
}

/**
 * Everything in the database as one consistent picture (one readonly transaction), for
 * the backup a restore makes first. Records are judged as on load: repaired where they
 * can be, skipped with a problem where they cannot.
 */
export async function snapshotAll(db: BatonDb): Promise<Snapshot> {
  const [rawHeaders, rawEntries, rawFiles] = await runTransaction(
    db,
    ['sessions', 'entries', 'attachments'],
    'readonly',
    (tx, requests): Promise<[unknown[], unknown[], unknown[]]> =>
      Promise.all([
        requests.add(tx.objectStore('sessions').getAll()),
        requests.add(tx.objectStore('entries').getAll()),
        requests.add(tx.objectStore('attachments').getAll()),
      ]),
  );
  const attachments = new Map<string, AttachmentRecord>();
  for (const raw of rawFiles) if (isStoredAttachment(raw)) attachments.set(raw.id, raw);

  const problems: string[] = [];
  const headers: SessionHeader[] = [];
  for (const raw of rawHeaders) {
    const restored = restoreHeader(raw);
    if (restored.ok) {
      headers.push(restored.value);
      problems.push(...restored.problems);
    } else {
      problems.push(restored.problem);
    }
  }

  const bySession = new Map<string, unknown[]>();
  for (const raw of rawEntries) {
    const sessionId =
      typeof raw === 'object' && raw !== null ? (raw as { sessionId?: unknown }).sessionId : undefined;
    const key = typeof sessionId === 'string' ? sessionId : '';
    const group = bySession.get(key);
    if (group) group.push(raw);
    else bySession.set(key, [raw]);
  }

  headers.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const sessions = headers.map((header) => {
    const entries = [];
    for (const raw of bySession.get(header.id) ?? []) {
      const restored = restoreEntry(raw, header.id);
      if (restored.ok) {
        entries.push(restored.value);
        problems.push(...restored.problems);
      } else {
        problems.push(restored.problem);
      }
    }
    bySession.delete(header.id);
    return { header, entries: orderEntries(entries) };
  });

  for (const [sessionId, orphans] of bySession) {
    const owner = sessionId === '' ? 'no session' : `session ${sessionId}, which could not be read`;
    problems.push(
      `${orphans.length} entr${orphans.length === 1 ? 'y' : 'ies'} belonging to ${owner} are not in the backup.`,
    );
  }
  return { sessions, problems, attachments };
}

/** A stored file with an owner and its bytes as a Blob; withAttachments checks the rest. */
function isStoredAttachment(value: unknown): value is AttachmentRecord {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.sessionId === 'string' &&
    value.data instanceof Blob
  );
}
