/**
 * An import never overwrites: a session or entry whose id is already taken gets a new
 * id, and every reference inside the imported set follows it. The references are:
 * an entry's `sessionId` and `parentId`, a header's `id`, `leafId`, `parentSession`
 * and `children`, and the `details.parentSession` of a handoff entry (the handoff card
 * links to its parent through it). A reference to a session outside the file is kept
 * as it is: it names that session, wherever it lives.
 */
import { HANDOFF_CUSTOM_TYPE } from '../handoff/handoffPrompt';
import { isCustomMessageEntry, type SessionEntry, type SessionHeader } from '../session/types';
import type { SessionData } from './exchangeFormat';

/** The ids already in use where the import will land. */
export interface ExistingIds {
  sessions: ReadonlySet<string>;
  entries: ReadonlySet<string>;
}

export interface RemappedImport {
  sessions: SessionData[];
  /** Old id to new id, for the sessions that were renamed only. */
  renamedSessions: Map<string, string>;
  renamedEntryCount: number;
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
  inSet?: { sessions: IdLookup; entries: IdLookup },
): RemappedImport {
  const fileSessions = inSet?.sessions ?? new Set(sessions.map((session) => session.header.id));
  const fileEntries =
    inSet?.entries ?? new Set(sessions.flatMap((session) => session.entries.map((entry) => entry.id)));

  const renamedSessions = new Map<string, string>();
  const renamedEntries = new Map<string, string>();
  const given = new Set<string>();
  const rename = (id: string, taken: IdLookup, inFile: IdLookup, renamed: Map<string, string>) => {
    if (!taken.has(id)) return;
    let fresh = makeId();
    while (taken.has(fresh) || inFile.has(fresh) || given.has(fresh)) fresh = makeId();
    given.add(fresh);
    renamed.set(id, fresh);
  };
  for (const { header, entries } of sessions) {
    rename(header.id, existing.sessions, fileSessions, renamedSessions);
    for (const item of entries) rename(item.id, existing.entries, fileEntries, renamedEntries);
  }
  if (renamedSessions.size === 0 && renamedEntries.size === 0) {
    return { sessions: [...sessions], renamedSessions, renamedEntryCount: 0 };
  }

  const session = (id: string) => renamedSessions.get(id) ?? id;
  const entry = (id: string) => renamedEntries.get(id) ?? id;
  const remapped = sessions.map(({ header, entries }) => ({
    header: remapHeader(header, session, entry),
    entries: entries.map((item) => remapEntry(item, session, entry)),
  }));
  return { sessions: remapped, renamedSessions, renamedEntryCount: renamedEntries.size };
}

type Rename = (id: string) => string;

function remapHeader(header: SessionHeader, session: Rename, entry: Rename): SessionHeader {
  const remapped: SessionHeader = {
    ...header,
    id: session(header.id),
    leafId: header.leafId === null ? null : entry(header.leafId),
    children: header.children.map(session),
  };
  if (header.parentSession !== undefined) remapped.parentSession = session(header.parentSession);
  return remapped;
}

function remapEntry(item: SessionEntry, session: Rename, entry: Rename): SessionEntry {
  const remapped: SessionEntry = {
    ...item,
    id: entry(item.id),
    sessionId: session(item.sessionId),
    parentId: item.parentId === null ? null : entry(item.parentId),
  };
  if (!isCustomMessageEntry(item) || item.customType !== HANDOFF_CUSTOM_TYPE) return remapped;
  const details = item.details;
  if (typeof details !== 'object' || details === null) return remapped;
  const parent: unknown = (details as { parentSession?: unknown }).parentSession; // Only this field is read.
  if (typeof parent !== 'string') return remapped;
  return { ...remapped, details: { ...details, parentSession: session(parent) } };
}
