/**
 * The checks of an exchange file that need all of it read (see importJsonl.ts): each
 * session's promised counts, every link between entries and to attached files, and no
 * parent chain that loops. Each entry is visited a bounded number of times.
 */
import { type EntryIndex, type Fail, type FileAttachments, type FileSession, shown } from './importLines';

/** Each session's promised number of attachment lines is there. */
export function checkAttachmentCount(session: FileSession, fail: Fail): void {
  const promised = session.promisedAttachments;
  if (promised === undefined || session.attachmentLineCount === promised) return;
  fail(
    session.line,
    `Session ${shown(session.header.id)} says ${promised} attached files follow, but ${session.attachmentLineCount} do; the file may be cut short.`,
  );
}

/** Every file an entry attaches is in the file (bytes or a `missing` line); damaged ones were reported already. */
export function checkReferences(files: FileAttachments, fail: Fail): void {
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
export function checkSessionTree(session: FileSession, index: EntryIndex, fail: Fail): void {
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
