/**
 * What the handoff entry of a new session records besides its wrapped content, fixed
 * at switch time so the card reads the same after a reload: the document as the user
 * reads it, the lineage, the section check and the size of the context it replaced.
 */
import { readCarriedTodos } from '../todos/carriedTodos';
import type { TodoItem } from '../todos/todoTypes';
import type { AttachmentRef } from '../types/attachment';
import type { SectionReport } from './checkSections';
import type { CondenseReport } from './condenseForHandoff';

export interface HandoffDetails {
  /** The document without the wrapper. */
  document: string;
  parentSession: string;
  parentTitle: string;
  /** Sections missing or empty in the document (a warning on the card, never a block). */
  sections?: SectionReport;
  /** Tokens of the old session's context: its last reply's input, cache and output tokens. */
  tokensBefore?: number;
  /** What had to be condensed for the document's request to fit the window. */
  condensed?: CondenseReport;
  /** The request the old session left unanswered (the key removed), handed to the new one. */
  pendingRequest?: string;
  /** Files attached in the old session, each with the message there that carried it. */
  attachments?: HandoffAttachment[];
  /** The new session's todos until the model writes its own: the old session's open ones, or the Next Steps. */
  todos?: TodoItem[];
}

/** A file of the old session as the new session's card lists it. */
export interface HandoffAttachment {
  /** The user message of the parent session that carried the file. */
  entryId: string;
  attachment: AttachmentRef;
}

/** Reads details from a stored entry, which may come from an older version or be damaged. */
export function readHandoffDetails(details: unknown): Partial<HandoffDetails> {
  if (typeof details !== 'object' || details === null) return {};
  const raw = details as Record<string, unknown>;
  const result: Partial<HandoffDetails> = {};
  if (typeof raw.document === 'string') result.document = raw.document;
  if (typeof raw.parentSession === 'string') result.parentSession = raw.parentSession;
  if (typeof raw.parentTitle === 'string') result.parentTitle = raw.parentTitle;
  if (typeof raw.tokensBefore === 'number' && Number.isFinite(raw.tokensBefore))
    result.tokensBefore = raw.tokensBefore;
  if (typeof raw.pendingRequest === 'string') result.pendingRequest = raw.pendingRequest;
  const attachments = readHandoffAttachments(raw.attachments);
  if (attachments.length > 0) result.attachments = attachments;
  const todos = readCarriedTodos(raw.todos);
  if (todos.length > 0) result.todos = todos;
  const condensed = readCondenseReport(raw.condensed);
  if (condensed) result.condensed = condensed;
  const sections = raw.sections;
  if (typeof sections === 'object' && sections !== null) {
    const { missing, empty } = sections as Record<string, unknown>;
    const names = (value: unknown) =>
      Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
    result.sections = { missing: names(missing), empty: names(empty) };
  }
  return result;
}

/** The listed files that still have what the card needs; the others are left out. */
function readHandoffAttachments(value: unknown): HandoffAttachment[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is HandoffAttachment => {
    if (typeof item !== 'object' || item === null) return false;
    const { entryId, attachment } = item as Record<string, unknown>;
    if (typeof entryId !== 'string' || typeof attachment !== 'object' || attachment === null) return false;
    const { id, name, kind } = attachment as Record<string, unknown>;
    return (
      typeof id === 'string' && typeof name === 'string' && ['image', 'pdf', 'text'].includes(String(kind))
    );
  });
}

function readCondenseReport(value: unknown): CondenseReport | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  const count = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0);
  return {
    ...(typeof raw.tokensBefore === 'number' && { tokensBefore: count(raw.tokensBefore) }),
    ...(count(raw.attachmentsReplaced) > 0 && { attachmentsReplaced: count(raw.attachmentsReplaced) }),
    toolResultsCleared: count(raw.toolResultsCleared),
    messagesSummarised: count(raw.messagesSummarised),
    passes: count(raw.passes),
  };
}
