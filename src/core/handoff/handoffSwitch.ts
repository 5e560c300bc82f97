/**
 * What a handoff switch stores (spec Lifecycle 8), as one pure function: the old
 * session's header with the new child appended, the new session's header, its handoff
 * entry, and the active-session pointer moved to it. The session commits exactly these
 * records in one transaction; the bench's P2 baseline writes the very same ones, so the
 * two can never measure different work.
 */
import { filesOf } from '../attachments/attachmentTypes';
import { contextTokensUsed } from '../context/contextWindow';
import { createSessionHeader } from '../session/sessionLog';
import { handoffSessionTitle } from '../session/sessionTitle';
import { todosFromSteps } from '../todos/carriedTodos';
import { deriveTodos } from '../todos/deriveTodos';
import { isOpenTodo, type TodoItem } from '../todos/todoTypes';
import {
  type CustomMessageEntry,
  isMessageEntry,
  type SessionEntry,
  type SessionHeader,
} from '../types/entry';
import { workspaceOf } from '../workspace/workspaceOf';
import { checkHandoffSections, handoffSectionBodies } from './checkSections';
import type { HandoffAttachment, HandoffDetails } from './handoffDetails';
import type { HandoffOutcome } from './handoffMachine';
import { HANDOFF_CUSTOM_TYPE, wrapHandoffDocument } from './handoffPrompt';
import type { ListedFile } from './workspaceListing';

export interface HandoffSwitchInput {
  /** The old session's header as stored. */
  parent: SessionHeader;
  /** The old session's branch: the files it sent and the context size it reached. */
  branch: readonly SessionEntry[];
  /** The document the new session starts from (captured, perhaps reviewed; redacted). */
  document: string;
  /** How the document came about; its pending request already redacted. */
  outcome: HandoffOutcome;
  childId: string;
  entryId: string;
  now: number;
  /** The new session's model. */
  model: string;
  /** The chain's workspace files as listed for the handoff: the new session's first context names them. */
  workspaceFiles?: readonly ListedFile[];
}

export interface HandoffSwitchRecords {
  /** The old session's header, with the new child appended to `children`. */
  parent: SessionHeader;
  /** The new session's header, with `parentSession` set and `leafId` = the handoff entry. */
  child: SessionHeader;
  /** The handoff `custom_message` entry, the new session's first and only entry. */
  handoffEntry: CustomMessageEntry;
  /** The session the app opens on its next start: the new one. */
  activeSessionId: string;
}

export function buildHandoffSwitch(input: HandoffSwitchInput): HandoffSwitchRecords {
  const { parent, branch, document, outcome, childId, now } = input;
  const sections = handoffSectionBodies(document);
  const details: HandoffDetails = {
    document,
    parentSession: parent.id,
    parentTitle: parent.title,
    sections: checkHandoffSections(document, sections),
    ...(outcome.condensed && { condensed: outcome.condensed }),
    ...(outcome.pendingRequest && { pendingRequest: outcome.pendingRequest }),
  };
  const files = filesOfBranch(branch);
  // The new session gets no files; its card names them and links to where they were sent.
  if (files.length > 0) details.attachments = files;
  const todos = carriedTodos(branch, sections.get('Next Steps') ?? [], input.entryId);
  if (todos.length > 0) details.todos = todos;
  const tokensBefore = outcome.condensed?.tokensBefore ?? lastUsageTokens(branch);
  if (tokensBefore !== undefined) details.tokensBefore = tokensBefore;
  const handoffEntry: CustomMessageEntry = {
    id: input.entryId,
    parentId: null,
    sessionId: childId,
    timestamp: now,
    type: 'custom_message',
    customType: HANDOFF_CUSTOM_TYPE,
    content: wrapHandoffDocument(document, input.workspaceFiles),
    display: true,
    details,
  };
  const child: SessionHeader = {
    ...createSessionHeader({
      id: childId,
      model: input.model,
      now,
      title: handoffSessionTitle(parent.title, sections.get('Goal')?.join('\n')),
      parentSession: parent.id,
    }),
    leafId: handoffEntry.id,
    // The work goes on as it was being done: the new session thinks as the old one did.
    ...(parent.thinking && { thinking: { ...parent.thinking } }),
    // And on the same files: the chain shares one workspace.
    workspace: workspaceOf(parent),
  };
  return {
    parent: { ...parent, children: [...parent.children, childId] },
    child,
    handoffEntry,
    activeSessionId: childId,
  };
}

/**
 * The work still open goes on in the new session: the old session's open todos (their
 * ids kept), or, if it had none, the document's Next Steps as pending ones.
 */
function carriedTodos(branch: readonly SessionEntry[], nextSteps: string[], entryId: string): TodoItem[] {
  const open = deriveTodos(branch).filter(isOpenTodo);
  if (open.length > 0) return open;
  return todosFromSteps(nextSteps, `${entryId}-step`);
}

/** The files sent in a branch, each with the message that carried it (for the handoff card). */
function filesOfBranch(branch: readonly SessionEntry[]): HandoffAttachment[] {
  const files: HandoffAttachment[] = [];
  for (const entry of branch) {
    if (!isMessageEntry(entry) || entry.message.role !== 'user') continue;
    for (const attachment of filesOf(entry.message.content)) files.push({ entryId: entry.id, attachment });
  }
  return files;
}

/** The context the newest reply on the branch reported (input, cache and output tokens). */
function lastUsageTokens(branch: readonly SessionEntry[]): number | undefined {
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (entry && isMessageEntry(entry) && entry.message.role === 'assistant' && entry.message.usage)
      return contextTokensUsed(entry.message.usage);
  }
  return undefined;
}
