/**
 * Reads a file in the exchange format (a session, a chain or a backup) and checks it
 * whole before anything is imported. A file with any error is rejected as a whole,
 * never half-imported: a transcript missing a few entries looks complete and is not.
 *
 * The file is treated as data only: lines go through JSON.parse (which never runs
 * code), records are copied with spread (which defines fields, so a `__proto__` field
 * stays a field and never becomes a prototype), and ids are kept in Maps and Sets,
 * never as property names. One pass over the lines, then checks that visit each entry
 * a bounded number of times, so a large file costs time in proportion to its size.
 *
 * Damaged records are judged by the same rules as damaged records in the database
 * (restoreRecords.ts), except that on import anything the loader would repair or skip
 * is an error.
 */

import { newId } from '../ids';
import { isRecord } from '../isRecord';
import { restoreEntry, restoreHeader } from '../session/restoreRecords';
import type { AttachmentBlock } from '../types/attachment';
import type { SessionEntry, SessionHeader } from '../types/entry';
import {
  ATTACHMENT_LINE,
  ATTACHMENTS_VERSION,
  BACKUP_LINE,
  EXCHANGE_FORMAT_VERSION,
  type ExchangeAttachment,
  SESSION_LINE,
  SETTINGS_LINE,
  type SessionData,
  withoutSecrets,
} from './exchangeFormat';
import { attachmentRefProblem, readAttachmentLine } from './readAttachmentLine';
import { type ExistingIds, remapClashingIds } from './remapImportIds';

export type { ExistingIds } from './remapImportIds';

/** A problem with the file: the 1-based line it is on and what is wrong. */
export interface ImportError {
  line: number;
  message: string;
}

export interface ParsedImport {
  /** `backup` when the file starts with a backup line (a restore), else `sessions`. */
  kind: 'sessions' | 'backup';
  /** Ready to store, ids already made unique; empty whenever there are errors. */
  sessions: SessionData[];
  /** A backup's settings, secrets removed; undefined if the file has none. */
  settings?: Record<string, unknown>;
  /** The first errors in line order, at most MAX_REPORTED_IMPORT_ERRORS. */
  errors: ImportError[];
  /** How many errors there were in all. */
  errorCount: number;
  /** Sessions that got a new id because theirs was taken: old id to new id. */
  renamedSessions: Map<string, string>;
  /** How many entries got a new id. */
  renamedEntryCount: number;
  /** How many attached files got a new id. */
  renamedAttachmentCount: number;
}

export const MAX_REPORTED_IMPORT_ERRORS = 20;

const ATTACHMENT_BLOCK: AttachmentBlock['type'] = 'attachment';

interface FileSession {
  header: SessionHeader;
  line: number;
  promisedEntries: number;
  /** Lines after the session line that were no other kind of line, sound or not. */
  entryLineCount: number;
  entries: SessionEntry[];
  entryLines: number[];
  /** Ids of this session's entries whose lines were reported; links to them are not reported again. */
  reportedIds: Set<string>;
  /** How many attachment lines follow its session line (since version 2); undefined if it does not say (reported). */
  promisedAttachments: number | undefined;
  attachmentLineCount: number;
  attachments: ExchangeAttachment[];
}

/** The attached files of the whole file, and the entries' references to them, checked once all is read. */
interface FileAttachments {
  /** Line of each attached file, by id. */
  line: Map<string, number>;
  /** Ids of attached files whose lines were reported; references to them are not reported again. */
  reported: Set<string>;
  /** A reported line had no readable id: any reference may be to it, so none is reported. */
  reportedUnnamed: boolean;
  references: Array<{ line: number; entryId: string; id: string }>;
}

/** Where each entry of the file is, by id; one Map for the whole file, kept in step with arrays. */
interface EntryIndex {
  ordinal: Map<string, number>;
  /** The session each entry belongs to, or undefined if its session line was unreadable. */
  session: Array<FileSession | undefined>;
  /** Its index in that session's `entries`. */
  position: number[];
  line: number[];
}

type Json = Record<string, unknown>;
type Fail = (line: number, message: string) => void;

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** A value named in a message: quoted, and short enough for one line of a notice. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

export function parseImport(
  text: string,
  existingIds: ExistingIds,
  makeId: () => string = newId,
): ParsedImport {
  const errors: ImportError[] = [];
  const fail: Fail = (line, message) => {
    errors.push({ line, message });
  };

  const sessions: FileSession[] = [];
  const sessionLineById = new Map<string, number>();
  const index: EntryIndex = { ordinal: new Map(), session: [], position: [], line: [] };
  const files: FileAttachments = {
    line: new Map(),
    reported: new Set(),
    reportedUnnamed: false,
    references: [],
  };
  let kind: ParsedImport['kind'] = 'sessions';
  let promisedSessions: { line: number; count: number } | undefined;
  let settings: Record<string, unknown> | undefined;
  /** The session the following entries belong to; `broken` after an unreadable session line. */
  let current: FileSession | 'none' | 'broken' = 'none';
  let sawContent = false;

  const lines = text.split('\n');
  for (let at = 0; at < lines.length; at++) {
    const lineNumber = at + 1;
    let source = lines[at]!;
    if (at === 0 && source.startsWith('\uFEFF')) source = source.slice(1);
    if (!/\S/.test(source)) continue;
    const first = !sawContent;
    sawContent = true;

    // Until the line proves to be a header, it counts as one of the current session's
    // entry lines, so a damaged entry is not also reported as a missing one.
    const countAsEntry = () => {
      if (typeof current === 'object') current.entryLineCount++;
    };
    let record: unknown;
    try {
      record = JSON.parse(source);
    } catch {
      countAsEntry();
      fail(lineNumber, 'This line is not valid JSON.');
      continue;
    }
    if (!isRecord(record)) {
      countAsEntry();
      fail(lineNumber, 'This line is not a JSON object.');
      continue;
    }
    const type = record.type;
    if (!isNonEmptyString(type)) {
      countAsEntry();
      if (typeof current === 'object' && isNonEmptyString(record.id)) current.reportedIds.add(record.id);
      fail(lineNumber, 'This line has no "type", so it is neither a session, a backup nor an entry.');
      continue;
    }

    if (type === BACKUP_LINE) {
      if (!first) {
        fail(lineNumber, 'A backup line may only be the first line of a file.');
        continue;
      }
      kind = 'backup';
      const versionProblem = checkVersion(record.version);
      if (versionProblem) fail(lineNumber, versionProblem);
      if (isCount(record.sessionCount)) promisedSessions = { line: lineNumber, count: record.sessionCount };
      else fail(lineNumber, 'The backup line does not say how many sessions follow ("sessionCount").');
    } else if (type === SETTINGS_LINE) {
      if (kind !== 'backup' || current !== 'none' || settings !== undefined) {
        fail(lineNumber, 'A settings line may only follow the backup line, once, before any session.');
      } else if (!isRecord(record.settings)) {
        fail(lineNumber, 'The settings line has no "settings" object.');
      } else {
        settings = withoutSecrets(record.settings);
      }
    } else if (type === SESSION_LINE) {
      current = readSessionLine(record, lineNumber, fail, sessionLineById);
      if (current !== 'broken') sessions.push(current);
    } else if (type === ATTACHMENT_LINE) {
      if (current === 'none') fail(lineNumber, 'An attached file comes before any session line.');
      else readFileLine(record, lineNumber, current, fail, files);
    } else if (current === 'none') {
      // Any other type is an entry, of a known kind or not.
      fail(lineNumber, `An entry (type ${shown(type)}) comes before any session line.`);
    } else {
      countAsEntry();
      readEntryLine(record, lineNumber, current, fail, index, files);
    }
  }

  if (!sawContent) fail(1, 'The file is empty.');
  else if (kind === 'sessions' && sessions.length === 0 && errors.length === 0) {
    fail(1, 'The file holds no session.');
  }
  if (promisedSessions && promisedSessions.count !== sessionLineById.size) {
    fail(
      promisedSessions.line,
      `The backup says it holds ${promisedSessions.count} session(s) but the file has ${sessionLineById.size}; it may be cut short.`,
    );
  }
  for (const session of sessions) {
    checkSessionTree(session, index, fail);
    checkAttachmentCount(session, fail);
  }
  checkReferences(files, fail);

  if (errors.length > 0) {
    // Stable sort: errors found on one line stay in the order they were found.
    errors.sort((a, b) => a.line - b.line);
    return {
      kind,
      sessions: [],
      errors: errors.slice(0, MAX_REPORTED_IMPORT_ERRORS),
      errorCount: errors.length,
      renamedSessions: new Map(),
      renamedEntryCount: 0,
      renamedAttachmentCount: 0,
    };
  }

  const remapped = remapClashingIds(
    sessions.map(({ header, entries, attachments }) =>
      attachments.length > 0 ? { header, entries, attachments } : { header, entries },
    ),
    existingIds,
    makeId,
    { sessions: sessionLineById, entries: index.ordinal, attachments: files.line },
  );
  const result: ParsedImport = { kind, ...remapped, errors: [], errorCount: 0 };
  if (settings !== undefined) result.settings = settings;
  return result;
}

function checkVersion(version: unknown): string | undefined {
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    return 'This line has no valid format "version".';
  }
  if (version > EXCHANGE_FORMAT_VERSION) {
    return `This line was written by a newer Baton (format version ${version}); this one reads version ${EXCHANGE_FORMAT_VERSION}.`;
  }
  return undefined;
}

function readSessionLine(
  record: Json,
  line: number,
  fail: Fail,
  sessionLineById: Map<string, number>,
): FileSession | 'broken' {
  const versionProblem = checkVersion(record.version);
  if (versionProblem) fail(line, versionProblem);

  const restored = restoreHeader(record.header);
  if (!restored.ok) {
    fail(line, isRecord(record.header) ? restored.problem : 'The session line has no "header" object.');
    return 'broken';
  }
  for (const problem of restored.problems) fail(line, problem);
  const header = restored.value;

  const earlier = sessionLineById.get(header.id);
  if (earlier !== undefined) {
    fail(line, `Session ${shown(header.id)} appears twice in the file (first on line ${earlier}).`);
    return 'broken';
  }
  sessionLineById.set(header.id, line);

  let promisedEntries = 0;
  if (isCount(record.entryCount)) promisedEntries = record.entryCount;
  else fail(line, 'The session line does not say how many entries follow ("entryCount").');

  // Files before version 2 had no attachments and no count of them. A line with a bad
  // version was reported above and is not reported twice.
  let promisedAttachments: number | undefined = 0;
  if (isCount(record.attachmentCount)) promisedAttachments = record.attachmentCount;
  else if (
    record.attachmentCount !== undefined ||
    (!versionProblem && !isOlderThanAttachments(record.version))
  ) {
    fail(line, 'The session line does not say how many attached files follow ("attachmentCount").');
    promisedAttachments = undefined;
  }

  return {
    header,
    line,
    promisedEntries,
    entryLineCount: 0,
    entries: [],
    entryLines: [],
    reportedIds: new Set(),
    promisedAttachments,
    attachmentLineCount: 0,
    attachments: [],
  };
}

function isOlderThanAttachments(version: unknown): boolean {
  return typeof version === 'number' && version < ATTACHMENTS_VERSION;
}

/**
 * An attachment line: it belongs to the session line it follows, like an entry, and
 * each file is in the file once. A broken one still counts for `attachmentCount`.
 */
function readFileLine(
  record: Json,
  line: number,
  session: FileSession | 'broken',
  fail: Fail,
  files: FileAttachments,
): void {
  const owner = session === 'broken' ? undefined : session;
  if (owner) owner.attachmentLineCount++;
  const id =
    isRecord(record.attachment) && isNonEmptyString(record.attachment.id) ? record.attachment.id : undefined;
  const reported = (message: string) => {
    if (id !== undefined) files.reported.add(id);
    else files.reportedUnnamed = true;
    fail(line, message);
  };
  const named = id === undefined ? '' : ` ${shown(id)}`;
  if (owner && record.sessionId !== owner.header.id) {
    reported(
      `Attached file${named} belongs to session ${shown(record.sessionId)}, but it follows the session line of ${shown(owner.header.id)}.`,
    );
    return;
  }
  if (!isNonEmptyString(record.sessionId)) {
    reported(`Attached file${named} has no "sessionId".`);
    return;
  }
  const read = readAttachmentLine(record);
  if (!read.ok) {
    reported(read.problem);
    return;
  }
  const earlier = files.line.get(read.ref.id);
  if (earlier !== undefined) {
    fail(line, `Attached file${named} appears twice in the file (first on line ${earlier}).`);
    return;
  }
  files.line.set(read.ref.id, line);
  if (!owner) return;
  const attachment: ExchangeAttachment = { ref: read.ref, sessionId: owner.header.id };
  if (read.bytes) attachment.bytes = read.bytes;
  owner.attachments.push(attachment);
}

function readEntryLine(
  record: Json,
  line: number,
  session: FileSession | 'broken',
  fail: Fail,
  index: EntryIndex,
  files: FileAttachments,
): void {
  const owner = session === 'broken' ? undefined : session;
  const reported = (message: string) => {
    if (owner && isNonEmptyString(record.id)) owner.reportedIds.add(record.id);
    fail(line, message);
  };
  if (owner && record.sessionId !== owner.header.id) {
    const id = isNonEmptyString(record.id) ? ` ${shown(record.id)}` : '';
    reported(
      `Entry${id} belongs to session ${shown(record.sessionId)}, but it follows the session line of ${shown(owner.header.id)}.`,
    );
    return;
  }
  // After an unreadable session line, entries are still checked on their own (so one
  // run reports their damage too), but they belong to nothing.
  const sessionId = owner ? owner.header.id : record.sessionId;
  if (!isNonEmptyString(sessionId)) {
    reported('This entry has no "sessionId".');
    return;
  }
  const restored = restoreEntry(record, sessionId);
  if (!restored.ok) {
    reported(restored.problem);
    return;
  }
  for (const problem of restored.problems) reported(problem);
  const entry = restored.value;
  if (entry.type === 'message' && !readAttachmentBlocks(record, line, entry.id, files, reported)) return;

  const earlier = index.ordinal.get(entry.id);
  if (earlier !== undefined) {
    fail(line, `Entry ${shown(entry.id)} appears twice in the file (first on line ${index.line[earlier]}).`);
    return;
  }
  index.ordinal.set(entry.id, index.line.length);
  index.line.push(line);
  index.session.push(owner);
  index.position.push(owner ? owner.entries.length : -1);
  if (owner) {
    owner.entries.push(entry);
    owner.entryLines.push(line);
  }
}

/**
 * The references of a message's attachment blocks, each a sound reference, kept to be
 * checked against the file's attachment lines once the whole file is read. False if
 * one is damaged (and reported).
 */
function readAttachmentBlocks(
  record: Json,
  line: number,
  entryId: string,
  files: FileAttachments,
  reported: (message: string) => void,
): boolean {
  const content = isRecord(record.message) ? record.message.content : undefined;
  if (!Array.isArray(content)) return true;
  for (const block of content) {
    if (!isRecord(block) || block.type !== ATTACHMENT_BLOCK) continue;
    const ref = block.attachment;
    const problem = isRecord(ref) ? attachmentRefProblem(ref) : 'it has no "attachment" object.';
    if (problem !== undefined || !isRecord(ref)) {
      reported(`Entry ${shown(entryId)} has a damaged attachment block: ${problem}`);
      return false;
    }
    // attachmentRefProblem found a non-empty string id.
    files.references.push({ line, entryId, id: String(ref.id) });
  }
  return true;
}

/** Each session's promised number of attachment lines is there. */
function checkAttachmentCount(session: FileSession, fail: Fail): void {
  const promised = session.promisedAttachments;
  if (promised === undefined || session.attachmentLineCount === promised) return;
  fail(
    session.line,
    `Session ${shown(session.header.id)} says ${promised} attached files follow, but ${session.attachmentLineCount} do; the file may be cut short.`,
  );
}

/** Every file an entry attaches is in the file (bytes or a `missing` line); damaged ones were reported already. */
function checkReferences(files: FileAttachments, fail: Fail): void {
  if (files.reportedUnnamed) return;
  for (const { line, entryId, id } of files.references) {
    if (files.line.has(id) || files.reported.has(id)) continue;
    fail(line, `Entry ${shown(entryId)} attaches the file ${shown(id)}, which is not in this file.`);
  }
}

/**
 * Within one session: the promised number of entry lines is there, every parent is an
 * entry of the same session, the leaf is one of its entries, and no parent chain loops.
 * Links to an entry whose own line was already reported are not reported again.
 */
function checkSessionTree(session: FileSession, index: EntryIndex, fail: Fail): void {
  const { header, entries, entryLines, reportedIds } = session;
  const name = shown(header.id);
  if (session.entryLineCount !== session.promisedEntries) {
    fail(
      session.line,
      `Session ${name} says ${session.promisedEntries} entries follow, but ${session.entryLineCount} do; the file may be cut short.`,
    );
  }
  /** The entry's position in this session, or undefined if it is not one of this session's. */
  const positionOf = (id: string): number | undefined => {
    const ordinal = index.ordinal.get(id);
    return ordinal !== undefined && index.session[ordinal] === session ? index.position[ordinal] : undefined;
  };
  const known = (id: string) => positionOf(id) !== undefined || reportedIds.has(id);

  if (header.leafId !== null && !known(header.leafId)) {
    fail(
      session.line,
      `Session ${name}: its current entry ${shown(header.leafId)} is not among its entries.`,
    );
  }
  for (let at = 0; at < entries.length; at++) {
    const { id, parentId } = entries[at]!;
    if (parentId !== null && !known(parentId)) {
      fail(
        entryLines[at]!,
        `Entry ${shown(id)}: its parent ${shown(parentId)} is not an entry of session ${name} in this file.`,
      );
    }
  }

  // Each entry is walked once. 1: on the path being walked; 2: known to end at a root
  // (or at a parent reported above, which counts as one here).
  const state = new Uint8Array(entries.length);
  const path: number[] = [];
  for (let start = 0; start < entries.length; start++) {
    path.length = 0;
    let at: number | undefined = start;
    while (at !== undefined && state[at] === 0) {
      state[at] = 1;
      path.push(at);
      const parentId: string | null = entries[at]!.parentId;
      at = parentId === null ? undefined : positionOf(parentId);
    }
    if (at !== undefined && state[at] === 1) {
      fail(entryLines[at]!, `Entry ${shown(entries[at]!.id)}: its chain of parents loops back to itself.`);
    }
    for (const done of path) state[done] = 2;
  }
}
