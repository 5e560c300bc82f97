/**
 * Which files an export carries: every file the exported entries attach, read from
 * the stored records, each written after the entries of the session it belongs to.
 */
import { type AttachmentRecord, filesOf } from '../attachments/attachmentTypes';
import type { AttachmentRef } from '../types/attachment';
import { isMessageEntry, type SessionEntry } from '../types/entry';
import type { ExchangeAttachment, SessionData } from './exchangeFormat';
import { attachmentRefProblem } from './readAttachmentLine';

/** The references of the attachment blocks in one entry (user messages carry them). */
export function attachmentRefsOf(entry: SessionEntry): AttachmentRef[] {
  return isMessageEntry(entry) ? filesOf(entry.message.content) : [];
}

/** The ids of every file the sessions' entries attach, each once, in order of first use. */
export function referencedAttachmentIds(sessions: readonly SessionData[]): string[] {
  const ids = new Set<string>();
  for (const { entries } of sessions)
    for (const entry of entries) for (const ref of attachmentRefsOf(entry)) ids.add(ref.id);
  return [...ids];
}

/** The reference part of a stored record: what a message block holds of it. */
export function refOfRecord(record: AttachmentRecord): AttachmentRef {
  const { sessionId: _owner, data: _bytes, ...ref } = record;
  return ref;
}

/**
 * The sessions with the files their entries attach, bytes read from `records` (by id).
 * A file goes with the session that owns it when that session is exported, otherwise
 * with the first exported session that attaches it (and then belongs to that one, so an
 * import never stores a file whose session it did not bring). A file `records` lacks
 * (the device no longer has it) goes as a reference without bytes, taken from the first
 * block naming it, so the file still imports and shows the same note it shows here.
 * Records are read from storage: their fields are checked, not trusted.
 */
export async function withAttachments(
  sessions: readonly SessionData[],
  records: ReadonlyMap<string, AttachmentRecord>,
): Promise<SessionData[]> {
  const exported = new Set(sessions.map((session) => session.header.id));
  const placed = new Map<string, ExchangeAttachment[]>();
  const seen = new Set<string>();
  const place = (attachment: ExchangeAttachment) => {
    const list = placed.get(attachment.sessionId);
    if (list) list.push(attachment);
    else placed.set(attachment.sessionId, [attachment]);
  };
  for (const { header, entries } of sessions) {
    for (const entry of entries) {
      for (const ref of attachmentRefsOf(entry)) {
        if (seen.has(ref.id)) continue;
        seen.add(ref.id);
        const record = records.get(ref.id);
        // A record an import would refuse (damaged, or from a newer Baton) goes as missing,
        // so the file still imports. Its fields are looked at as unchecked data.
        if (!record || attachmentRefProblem({ ...record }) !== undefined) {
          place({ ref, sessionId: header.id });
          continue;
        }
        // Read one file at a time: a backup may hold many large files.
        const bytes = new Uint8Array(await record.data.arrayBuffer());
        const owner = exported.has(record.sessionId) ? record.sessionId : header.id;
        place({ ref: refOfRecord(record), sessionId: owner, bytes });
      }
    }
  }
  return sessions.map((session) => {
    const attachments = placed.get(session.header.id);
    return attachments ? { ...session, attachments } : session;
  });
}
