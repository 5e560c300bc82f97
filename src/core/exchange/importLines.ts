/**
 * Reading one line of an exchange file (see importJsonl.ts): a session line, an attached
 * file, an entry. Each is checked on its own and filed with the session it follows;
 * what needs the whole file (counts, links, loops) is importChecks.ts's.
 */
import { isRecord } from '../isRecord';
import { restoreEntry, restoreHeader } from '../session/restoreRecords';
import type { AttachmentBlock } from '../types/attachment';
import type { SessionEntry, SessionHeader } from '../types/entry';
import { ATTACHMENTS_VERSION, EXCHANGE_FORMAT_VERSION, type ExchangeAttachment } from './exchangeFormat';
import { attachmentRefProblem, readAttachmentLine } from './readAttachmentLine';

const ATTACHMENT_BLOCK: AttachmentBlock['type'] = 'attachment';

export interface FileSession {
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
export interface FileAttachments {
  /** Line of each attached file, by id. */
  line: Map<string, number>;
  /** Ids of attached files whose lines were reported; references to them are not reported again. */
  reported: Set<string>;
  /** A reported line had no readable id: any reference may be to it, so none is reported. */
  reportedUnnamed: boolean;
  references: Array<{ line: number; entryId: string; id: string }>;
}

/** Where each entry of the file is, by id; one Map for the whole file, kept in step with arrays. */
export interface EntryIndex {
  ordinal: Map<string, number>;
  /** The session each entry belongs to, or undefined if its session line was unreadable. */
  session: Array<FileSession | undefined>;
  /** Its index in that session's `entries`. */
  position: number[];
  line: number[];
}

export type Json = Record<string, unknown>;
export type Fail = (line: number, message: string) => void;

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** A value named in a message: quoted, and short enough for one line of a notice. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

export function checkVersion(version: unknown): string | undefined {
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    return 'This line has no valid format "version".';
  }
  if (version > EXCHANGE_FORMAT_VERSION) {
    return `This line was written by a newer Baton (format version ${version}); this one reads version ${EXCHANGE_FORMAT_VERSION}.`;
  }
  return undefined;
}

export function readSessionLine(
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
export function readFileLine(
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

export function readEntryLine(
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
