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
import {
  ATTACHMENT_LINE,
  BACKUP_LINE,
  SESSION_LINE,
  SETTINGS_LINE,
  type SessionData,
  WORKSPACE_CHANGE_LINE,
  WORKSPACE_FILE_LINE,
  WORKSPACE_LINE,
  type WorkspaceData,
  withoutSecrets,
} from './exchangeFormat';
import { checkAttachmentCount, checkReferences, checkSessionTree } from './importChecks';
import {
  checkVersion,
  type EntryIndex,
  type Fail,
  type FileAttachments,
  type FileSession,
  isCount,
  isNonEmptyString,
  readEntryLine,
  readFileLine,
  readSessionLine,
  shown,
} from './importLines';
import {
  checkWorkspaceCounts,
  type FileWorkspace,
  readWorkspaceChangeLine,
  readWorkspaceFileLine,
  readWorkspaceLine,
  type WorkspaceIndex,
  workspaceDataOf,
} from './importWorkspaceLines';
import { type ExistingIds, remapClashingIds } from './remapImportIds';
import { remapWorkspaces } from './remapWorkspaces';

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
  /**
   * The file trees it carries (format version 3), roots following the sessions' new ids;
   * empty whenever there are errors.
   */
  workspaces: WorkspaceData[];
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
  const workspaces: FileWorkspace[] = [];
  const workspaceIndex: WorkspaceIndex = { roots: new Map(), changes: new Map() };
  /** The workspace the following file and change lines belong to, once a workspace line came. */
  let workspace: FileWorkspace | 'broken' | undefined;
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
    } else if (type === WORKSPACE_LINE) {
      // The sessions' lines are over: what follows is the workspace's.
      current = 'none';
      workspace = readWorkspaceLine(record, lineNumber, fail, workspaceIndex);
      if (workspace !== 'broken') workspaces.push(workspace);
    } else if (type === WORKSPACE_FILE_LINE || type === WORKSPACE_CHANGE_LINE) {
      if (workspace === undefined)
        fail(lineNumber, 'A workspace file or change comes before any workspace line.');
      else if (type === WORKSPACE_FILE_LINE) readWorkspaceFileLine(record, lineNumber, workspace, fail);
      else readWorkspaceChangeLine(record, lineNumber, workspace, fail, workspaceIndex);
    } else if (type === SESSION_LINE) {
      workspace = undefined;
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
  for (const item of workspaces) checkWorkspaceCounts(item, fail);

  if (errors.length > 0) {
    // Stable sort: errors found on one line stay in the order they were found.
    errors.sort((a, b) => a.line - b.line);
    return {
      kind,
      sessions: [],
      workspaces: [],
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
  const result: ParsedImport = {
    kind,
    ...remapped,
    workspaces: remapWorkspaces(workspaces.map(workspaceDataOf), remapped.renamedSessions),
    errors: [],
    errorCount: 0,
  };
  if (settings !== undefined) result.settings = settings;
  return result;
}
