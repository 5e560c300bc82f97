/**
 * An import never overwrites: a session, entry or attached file whose id is already
 * taken gets a new id, and every reference inside the imported set follows it. The
 * references are: an entry's `sessionId` and `parentId`, a header's `id`, `leafId`,
 * `parentSession` and `children`, the `details.parentSession` of a handoff entry (the
 * handoff card links to its parent through it), an attached file's `sessionId`, and
 * the `attachment.id` of every attachment block in a message. A reference to a session
 * outside the file is kept as it is: it names that session, wherever it lives.
 */
import { isAttachmentBlock } from '../attachments/attachmentTypes';
import { HANDOFF_CUSTOM_TYPE } from '../handoff/handoffMarkers';
import { isCustomMessageEntry, isMessageEntry, type SessionEntry, type SessionHeader } from '../types/entry';
import type { ExchangeAttachment, SessionData } from './exchangeFormat';

/** The ids already in use where the import will land. */
export interface ExistingIds {
  sessions: ReadonlySet<string>;
  entries: ReadonlySet<string>;
  /** Stored attached files; none if left out. */
  attachments?: ReadonlySet<string>;
}

export interface RemappedImport {
  sessions: SessionData[];
  /** Old id to new id, for the sessions that were renamed only. */
  renamedSessions: Map<string, string>;
  renamedEntryCount: number;
  renamedAttachmentCount: number;
}

/** Something that can say whether an id is present: a Set, or a Map keyed by id. */
export interface IdLookup {
  has(id: string): boolean;
}

/**
 * Expects a checked set: ids unique within it and every parentId inside its session.
 * `inSet` may pass lookups of the set's own ids that the caller already holds.
 */
export function remapClashingIds(
  sessions: readonly SessionData[],
  existing: ExistingIds,
  makeId: () => string,
  inSet?: { sessions: IdLookup; entries: IdLookup; attachments: IdLookup },
): RemappedImport {
  const fileSessions = inSet?.sessions ?? new Set(sessions.map((session) => session.header.id));
  const fileEntries =
    inSet?.entries ?? new Set(sessions.flatMap((session) => session.entries.map((entry) => entry.id)));
  const fileAttachments =
    inSet?.attachments ??
    new Set(sessions.flatMap((session) => (session.attachments ?? []).map((a) => a.ref.id)));
  const existingAttachments = existing.attachments ?? new Set<string>();

  const renamedSessions = new Map<string, string>();
  const renamedEntries = new Map<string, string>();
  const renamedAttachments = new Map<string, string>();
  const given = new Set<string>();
  const rename = (id: string, taken: IdLookup, inFile: IdLookup, renamed: Map<string, string>) => {
    if (!taken.has(id)) return;
    let fresh = makeId();
    while (taken.has(fresh) || inFile.has(fresh) || given.has(fresh)) fresh = makeId();
    given.add(fresh);
    renamed.set(id, fresh);
  };
  for (const { header, entries, attachments } of sessions) {
    rename(header.id, existing.sessions, fileSessions, renamedSessions);
    for (const item of entries) rename(item.id, existing.entries, fileEntries, renamedEntries);
    for (const item of attachments ?? [])
      rename(item.ref.id, existingAttachments, fileAttachments, renamedAttachments);
  }
  const counts = { renamedEntryCount: renamedEntries.size, renamedAttachmentCount: renamedAttachments.size };
  if (renamedSessions.size === 0 && renamedEntries.size === 0 && renamedAttachments.size === 0) {
    return { sessions: [...sessions], renamedSessions, ...counts };
  }

  const renames: Renames = {
    session: (id) => renamedSessions.get(id) ?? id,
    entry: (id) => renamedEntries.get(id) ?? id,
    attachment: (id) => renamedAttachments.get(id) ?? id,
  };
  const remapped = sessions.map(({ header, entries, attachments }) => {
    const data: SessionData = {
      header: remapHeader(header, renames.session, renames.entry),
      entries: entries.map((item) => remapEntry(item, renames)),
    };
    if (attachments) data.attachments = attachments.map((item) => remapAttachment(item, renames));
    return data;
  });
  return { sessions: remapped, renamedSessions, ...counts };
}

type Rename = (id: string) => string;

interface Renames {
  session: Rename;
  entry: Rename;
  attachment: Rename;
}

function remapAttachment(item: ExchangeAttachment, rename: Renames): ExchangeAttachment {
  return {
    ...item,
    ref: { ...item.ref, id: rename.attachment(item.ref.id) },
    sessionId: rename.session(item.sessionId),
  };
}

function remapHeader(header: SessionHeader, session: Rename, entry: Rename): SessionHeader {
  const remapped: SessionHeader = {
    ...header,
    id: session(header.id),
    leafId: header.leafId === null ? null : entry(header.leafId),
    children: header.children.map(session),
  };
  if (header.parentSession !== undefined) remapped.parentSession = session(header.parentSession);
  // The chain's workspace id (issue 26) names the session whose id it took: it follows it.
  const workspace: unknown = (header as { workspace?: unknown }).workspace; // Only this field is read.
  if (typeof workspace === 'string') Object.assign(remapped, { workspace: session(workspace) });
  return remapped;
}

function remapEntry(item: SessionEntry, rename: Renames): SessionEntry {
  const { session, entry } = rename;
  const remapped: SessionEntry = {
    ...item,
    id: entry(item.id),
    sessionId: session(item.sessionId),
    parentId: item.parentId === null ? null : entry(item.parentId),
  };
  if (isMessageEntry(item) && item.message.content.some(isAttachmentBlock)) {
    const content = item.message.content.map((block) =>
      isAttachmentBlock(block)
        ? { ...block, attachment: { ...block.attachment, id: rename.attachment(block.attachment.id) } }
        : block,
    );
    return { ...remapped, message: { ...item.message, content } };
  }
  if (!isCustomMessageEntry(item) || item.customType !== HANDOFF_CUSTOM_TYPE) return remapped;
  const details = item.details;
  if (typeof details !== 'object' || details === null) return remapped;
  const parent: unknown = (details as { parentSession?: unknown }).parentSession; // Only this field is read.
  if (typeof parent !== 'string') return remapped;
  return { ...remapped, details: { ...details, parentSession: session(parent) } };
}
