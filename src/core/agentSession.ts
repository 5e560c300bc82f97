/**
 * The session layer: binds the agent loop to one session log at a time, persists
 * every message as it happens, keeps the todos and their reminder, and runs the
 * handoff. Everything the UI does to a conversation goes through here; it knows
 * nothing of React, the DOM or IndexedDB.
 */
import { Agent, AgentBusyError, userMessage } from './agent/agent';
import type { AgentEvent } from './agent/agentEvents';
import type { ModelClient } from './agent/types';
import { type AttachmentLoader, type AttachmentRecord, filesOf } from './attachments/attachmentTypes';
import { expandPromptTemplate, type PromptTemplate } from './commands/promptTemplates';
import { contextTokensUsed, contextWindowFor } from './context/contextWindow';
import { contextOverflowSentence, overflowOf } from './context/lengthRefusal';
import { checkHandoffSections } from './handoff/checkSections';
import { handoffContextFilter } from './handoff/handoffAttempts';
import type { HandoffAttachment, HandoffDetails } from './handoff/handoffDetails';
import {
  HandoffMachine,
  type HandoffOutcome,
  HandoffRefused,
  type HandoffResult,
  type HandoffReviewer,
  type HandoffState,
} from './handoff/handoffMachine';
import {
  HANDOFF_CUSTOM_TYPE,
  HANDOFF_PROMPT_MARKER,
  HANDOFF_TOOLS_REFUSED,
  wrapHandoffDocument,
} from './handoff/handoffPrompt';
import { type HandoffProposal, HandoffProposals } from './handoff/handoffProposals';
import {
  createHandoffTool,
  HANDOFF_ACCEPTED_RESULT,
  HANDOFF_DECLINED_RESULT,
  type HandoffProposalAnswer,
} from './handoff/handoffTool';
import { prepareHandoffRequest } from './handoff/prepareHandoffRequest';
import { newId } from './ids';
import { DEFAULT_THINKING, thinkingRequestFor } from './models/thinking';
import type { RecallPort } from './recall/recallPort';
import { createRecallTool, RECALL_TOOL_NAME } from './recall/recallTool';
import { buildSessionContext } from './session/buildSessionContext';
import { ContextFilters } from './session/contextFilters';
import {
  BUSY_IN_ANOTHER_TAB,
  type Exclusive,
  runExclusively,
  SessionBusyElsewhereError,
} from './session/exclusiveAccess';
import type { SessionPersistence } from './session/persistence';
import { createSessionHeader, DEFAULT_SESSION_TITLE, SessionLog } from './session/sessionLog';
import { systemPromptFor } from './systemPrompt';
import { deriveTodos } from './todos/deriveTodos';
import { TODO_REMINDER_CUSTOM_TYPE, TodoReminder } from './todos/todoReminder';
import type { TodoItem } from './todos/todoTypes';
import { createTodoWriteTool, TODO_WRITE_TOOL_NAME } from './todos/todoWriteTool';
import type { ToolAvailability } from './tools/tool';
import { ToolRegistry } from './tools/toolRegistry';
import { newestReply, type ToolChoice } from './types/agentMessage';
import type { AttachmentRef } from './types/attachment';
import type { ContextOverflow } from './types/contextOverflow';
import {
  type CustomMessageEntry,
  isMessageEntry,
  type MessageEntry,
  type SessionEntry,
  type SessionHeader,
} from './types/entry';
import type { Message } from './types/message';
import { textOf } from './types/messageText';
import type { ThinkingSetting } from './types/thinking';

export { BASE_SYSTEM_PROMPT } from './systemPrompt';

/** A session's title from its first message: the first line of its text, else its first file's name. */
function titleOfMessage(message: Message): string {
  const text = textOf(message);
  const file = filesOf(message.content)[0];
  return text.trim() === '' && file ? titleFromText(file.name) : titleFromText(text);
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

/** The reference a message keeps of a stored file: the record without its owner and bytes. */
function attachmentRef({ sessionId: _owner, data: _bytes, ...ref }: AttachmentRecord): AttachmentRef {
  return ref;
}

export interface AgentSessionDeps {
  persistence: SessionPersistence;
  /** Reads attached files for requests; without it, each goes as a note that it is missing. */
  attachments?: AttachmentLoader;
  getModelClient(): ModelClient;
  /** The default model: for new sessions, and for replies when `modelForSession` is not given. */
  getModel(): string;
  /**
   * The model a session's replies are requested from, given the model its header
   * records. Not given: every session uses `getModel()` (the header is ignored).
   */
  modelForSession?(sessionModel: string): string;
  getMaxTokens(): number;
  /** Thinking for a session that has not chosen its own (the Settings default). */
  getDefaultThinking?(): ThinkingSetting;
  /** Whether requests declare the API's web search tool. */
  getWebSearch?(): boolean;
  /** The model's context window in tokens; default: the table of known models. */
  getContextWindow?(model: string): number;
  /** The user's API key, so it can be kept out of what the handoff sends and stores. */
  getApiKey(): string | undefined;
  getPromptTemplates(): PromptTemplate[];
  redact(text: string, secret: string | undefined): string;
  /** Searches earlier sessions: sessions started by a handoff get the recall tool with it. */
  recall?: RecallPort;
  /** Holds the session for one writer across tabs; default: nothing to share it with. */
  exclusive?: Exclusive;
  now?: () => number;
  newId?: () => string;
}

export type SessionEvent =
  | AgentEvent
  | { type: 'session_changed'; header: SessionHeader; previous?: SessionHeader }
  | { type: 'header_changed'; header: SessionHeader }
  | { type: 'todos_changed'; todos: TodoItem[] }
  | { type: 'handoff_state'; state: HandoffState }
  /** The model's handoff proposal waiting for the user's answer, or none any more. */
  | { type: 'handoff_proposal'; proposal: HandoffProposal | undefined }
  /** Text the user had queued, handed back for the composer (never silently dropped). */
  | { type: 'queued_text_returned'; text: string }
  /** An edit of a user message began (its id) or ended (undefined). */
  | { type: 'edit_changed'; entryId: string | undefined };

export interface HandoffOptions {
  /** Review (and maybe edit) the document before the new session starts. */
  review?: HandoffReviewer;
  /** The new session's model; default: the model of the current session. */
  model?: string;
}

export class NotEditableError extends Error {
  override readonly name = 'NotEditableError';
}

/**
 * The model refused this conversation for length (or its window filled mid-reply):
 * sending more would only be refused again, larger. The text stays with the user.
 */
export class ContextFullError extends Error {
  override readonly name = 'ContextFullError';
  constructor(readonly overflow: ContextOverflow) {
    super(`${contextOverflowSentence(overflow)} Hand off to continue; your message is still in the box.`);
  }
}

export interface PromptOptions {
  /** Expand `/template args` (default off: internal payloads and queued text are sent as they are). */
  expandPromptTemplates?: boolean;
  toolChoice?: ToolChoice;
  /** Files sent with the message, before its text; stored with it (sessionId is set here). */
  attachments?: readonly Omit<AttachmentRecord, 'sessionId'>[];
}

const TITLE_LENGTH = 60;

export function titleFromText(text: string): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  if (!line) return DEFAULT_SESSION_TITLE;
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…` : line;
}

/** "Plan the API" → "Plan the API · part 2" → "Plan the API · part 3". */
export function handoffSessionTitle(parentTitle: string): string {
  const match = /^(.*) · part (\d+)$/.exec(parentTitle);
  return match ? `${match[1]} · part ${Number(match[2]) + 1}` : `${parentTitle} · part 2`;
}

export class AgentSession {
  readonly agent: Agent;
  readonly handoffs: HandoffMachine;
  private current: SessionLog;
  private todoList: TodoItem[] = [];
  private readonly reminder = new TodoReminder();
  private readonly tools = new ToolRegistry();
  private readonly contextFilters = new ContextFilters();
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private readonly proposals = new HandoffProposals((proposal) =>
    this.emit({ type: 'handoff_proposal', proposal }),
  );
  private streamingEntryId: string | undefined;
  private readonly now: () => number;
  private readonly makeId: () => string;
  private pendingEdit: string | undefined;
  private handoffModel: string | undefined;
  /** Requests for the session's exclusive hold not answered yet: busy meanwhile, so text typed then is queued. */
  private asking = 0;

  constructor(
    private readonly deps: AgentSessionDeps,
    log: SessionLog,
  ) {
    this.now = deps.now ?? Date.now;
    this.makeId = deps.newId ?? newId;
    this.current = log;
    this.tools.register(
      createTodoWriteTool({
        get: () => this.todoList,
        set: (items) => {
          this.todoList = items;
          this.emit({ type: 'todos_changed', todos: items });
        },
      }),
    );
    this.tools.register(createHandoffTool((input, signal, id) => this.proposals.ask(input, signal, id)));
    if (deps.recall)
      this.tools.register({
        ...createRecallTool({ port: deps.recall, current: () => this.header }),
        // Only where there are earlier sessions to search.
        isAvailable: ({ startedByHandoff }) => startedByHandoff,
      });
    this.contextFilters.register(handoffContextFilter);
    this.agent = new Agent({
      getModelClient: () => deps.getModelClient(),
      getModel: () => this.model,
      getMaxTokens: () => deps.getMaxTokens(),
      getSystemPrompt: () => this.systemPrompt(),
      tools: this.tools.runner(() => this.toolAvailability()),
      getRequestFeatures: () => ({
        thinking: thinkingRequestFor(this.model, this.thinking),
        webSearch: deps.getWebSearch?.() === true,
      }),
      ...(deps.attachments && { attachments: deps.attachments }),
      contextFilter: this.contextFilters.apply,
    });
    this.agent.subscribe((event) => this.onAgentEvent(event));
    this.handoffs = new HandoffMachine({
      countBranchMessages: () => this.countBranchMessages(),
      isStreaming: () => this.agent.isStreaming,
      subscribe: (listener) => this.agent.subscribe(listener),
      prepareHandoff: (focus, signal, onProgress, attempt) =>
        prepareHandoffRequest({
          squeeze: 1 + attempt,
          context: this.agent.messages,
          system: this.systemPrompt(),
          tools: this.tools.definitions(this.toolAvailability()),
          model: this.model,
          window: this.contextWindow,
          maxTokens: deps.getMaxTokens(),
          client: deps.getModelClient(),
          ...(focus && { focus }),
          redact: (text) => deps.redact(text, deps.getApiKey()),
          signal,
          onProgress,
          ...(deps.attachments && { attachments: deps.attachments }),
          contextFilter: this.contextFilters.apply,
        }),
      sendHandoffPrompt: (prompt, transcript) =>
        this.agent.prompt(userMessage(prompt), {
          refuseToolsWith: HANDOFF_TOOLS_REFUSED,
          takeSteering: false,
          requestPrefix: transcript,
        }),
      abortGeneration: () => this.agent.abort(),
      redact: (text) => deps.redact(text, deps.getApiKey()),
      switchToHandoffSession: (document, outcome) => this.switchToHandoffSession(document, outcome),
      now: this.now,
    });
    this.handoffs.onChange((state) => this.emit({ type: 'handoff_state', state }));
    this.loadDerivedState();
  }

  get log(): SessionLog {
    return this.current;
  }

  get header(): SessionHeader {
    return this.current.header;
  }

  get todos(): TodoItem[] {
    return this.todoList;
  }

  /** The model this session's replies are requested from. */
  get model(): string {
    return this.deps.modelForSession?.(this.current.header.model) ?? this.deps.getModel();
  }

  /** This session's thinking: its own choice, else the Settings default. */
  get thinking(): ThinkingSetting {
    return this.current.header.thinking ?? this.deps.getDefaultThinking?.() ?? DEFAULT_THINKING;
  }

  /**
   * Changes this session's thinking from its next run on. A session with nothing stored
   * yet keeps it in its header, which is written with the first message.
   */
  setThinking(setting: ThinkingSetting): void {
    this.current.header = { ...this.current.header, thinking: { ...setting } };
    if (this.current.header.leafId === null)
      this.emit({ type: 'header_changed', header: this.current.header });
    else this.saveHeader();
  }

  /** The window of this session's model, in tokens (the user's override wins). */
  get contextWindow(): number {
    return this.deps.getContextWindow?.(this.model) ?? contextWindowFor(this.model);
  }

  /** The user message an edit is under way for (see beginEdit). */
  get editingEntryId(): string | undefined {
    return this.pendingEdit;
  }

  /** A reply is streaming or a handoff is under way: new text must be queued. */
  get isBusy(): boolean {
    return this.asking > 0 || this.agent.isStreaming || this.handoffs.isActive;
  }

  /** Runs `run` holding this session exclusively (see exclusiveAccess.ts); `onRefused` when another holds it. */
  private async exclusively<T>(run: () => Promise<T>, onRefused: () => never): Promise<T> {
    const exclusive = this.deps.exclusive ?? runExclusively;
    this.asking += 1;
    let decided = false;
    const decide = () => {
      if (decided) return;
      decided = true;
      this.asking -= 1;
    };
    try {
      const outcome = await exclusive(this.header.id, run, decide);
      return outcome.acquired ? outcome.value : onRefused();
    } finally {
      decide();
    }
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: SessionEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  systemPrompt(): string {
    const startedByHandoff = this.current.header.parentSession !== undefined;
    return systemPromptFor(
      startedByHandoff,
      startedByHandoff && this.tools.isAvailable(RECALL_TOOL_NAME, this.toolAvailability()),
    );
  }

  private toolAvailability(): ToolAvailability {
    return { startedByHandoff: this.current.header.parentSession !== undefined };
  }

  countBranchMessages(): number {
    return this.current.getBranch().filter((entry) => entry.type === 'message').length;
  }

  /**
   * Sends what the user typed. Busy sessions refuse; the caller queues instead.
   * Follow-ups queued meanwhile are sent one by one once the reply has ended.
   */
  async prompt(text: string, options: PromptOptions = {}): Promise<void> {
    if (this.isBusy) throw new AgentBusyError();
    // Refused (another tab writes here): nothing appended or sent.
    await this.exclusively(
      () => this.promptHeld(text, options),
      () => {
        throw new SessionBusyElsewhereError();
      },
    );
  }

  private async promptHeld(text: string, options: PromptOptions): Promise<void> {
    // The user moved on past a proposal shown again after a reload.
    this.proposals.dropRestored();
    // An edit under way turns this message into its new branch.
    // An edit changes the words: the files of the edited message stay with the new one.
    const kept =
      this.pendingEdit === undefined ? [] : filesOf(this.editableEntry(this.pendingEdit).message.content);
    if (this.pendingEdit !== undefined) this.branchForEdit(this.pendingEdit);
    const full = this.contextFull();
    if (full) throw new ContextFullError(full);
    const attachments = (options.attachments ?? []).map((record) => ({
      ...record,
      sessionId: this.current.header.id,
    }));
    // Queued before the message, so they land with it or before it (see saveAttachment).
    for (const record of attachments) this.deps.persistence.saveAttachment(record);
    const files = [...kept, ...attachments.map(attachmentRef)];
    await this.agent.prompt(userMessage(this.expand(text, options), files), {
      ...(options.toolChoice && { toolChoice: options.toolChoice }),
    });
    await this.sendFollowUps();
  }

  /**
   * Sends `text` as an edit of the user message `entryId`: a new branch of the entry
   * tree. The new message becomes a sibling of the edited one (same parent), the leaf
   * moves to it, and the model sees only the new branch. The old branch stays stored.
   */
  async promptAsEdit(entryId: string, text: string, options: PromptOptions = {}): Promise<void> {
    if (this.isBusy) throw new AgentBusyError();
    this.editableEntry(entryId);
    this.setPendingEdit(entryId);
    // prompt() makes the branch, so the edit runs under the same exclusive hold.
    await this.prompt(text, options);
  }

  /**
   * Set when the newest reply says the conversation no longer fits, unless the user has
   * since picked another model than the one that refused.
   */
  contextFull(): ContextOverflow | undefined {
    const last = newestReply(this.agent.messages);
    if (!last) return undefined;
    const overflow = overflowOf(last);
    if (!overflow) return undefined;
    // Another model (a larger window, say) gets its own try.
    if (last.model !== undefined && last.model !== this.model) return undefined;
    return overflow;
  }

  /** Moves the leaf to the edited message's parent, so the next message becomes its sibling. */
  private branchForEdit(entryId: string): void {
    const edited = this.editableEntry(entryId);
    this.setPendingEdit(undefined);
    // Only in memory: the header (with the new leaf) is saved with the new message.
    this.current.header = { ...this.current.header, leafId: edited.parentId };
    this.loadDerivedState();
  }

  /** Marks `entryId` as being edited: the next prompt() branches from it (see promptAsEdit). */
  beginEdit(entryId: string): void {
    if (this.isBusy) throw new AgentBusyError();
    this.editableEntry(entryId);
    this.setPendingEdit(entryId);
  }

  /** Ends an edit without sending; true if one was under way. */
  cancelEdit(): boolean {
    if (this.pendingEdit === undefined) return false;
    this.setPendingEdit(undefined);
    return true;
  }

  /** The newest user message on the branch that an edit may replace (not a handoff request). */
  lastEditableMessageId(): string | undefined {
    const branch = this.current.getBranch();
    for (let i = branch.length - 1; i >= 0; i--) {
      const entry = branch[i];
      if (entry && isEditable(entry)) return entry.id;
    }
    return undefined;
  }

  private editableEntry(entryId: string): MessageEntry {
    const entry = this.current.getBranch().find((candidate) => candidate.id === entryId);
    if (!entry || !isEditable(entry))
      throw new NotEditableError('Only your own messages on this branch can be edited.');
    return entry;
  }

  private setPendingEdit(entryId: string | undefined): void {
    if (this.pendingEdit === entryId) return;
    this.pendingEdit = entryId;
    this.emit({ type: 'edit_changed', entryId });
  }

  private expand(text: string, options: PromptOptions): string {
    // Opt-in: the composer expands (or escapes with `//`) before it sends or queues, so
    // expanding by default would expand queued text twice and undo the escape.
    if (options.expandPromptTemplates !== true) return text;
    return expandPromptTemplate(text, this.deps.getPromptTemplates())?.expanded ?? text;
  }

  private async sendFollowUps(): Promise<void> {
    for (;;) {
      // An accepted handoff comes next; queued text goes back to the user with it.
      if (this.proposals.hasAccepted) return;
      const last = this.agent.messages.at(-1);
      // After a stop, an error or a full window the queue waits for the user, who can
      // see and edit it.
      if (
        last?.role === 'assistant' &&
        (last.stopReason === 'aborted' ||
          last.stopReason === 'error' ||
          last.stopReason === 'model_context_window_exceeded')
      )
        return;
      if (this.isBusy) return;
      const next = this.agent.takeNextFollowUp();
      if (next === undefined) return;
      // Queued text is sent as queued: the composer already expanded (or escaped) it.
      await this.agent.prompt(userMessage(next));
    }
  }

  /** Queues text typed while busy: a follow-up (after the reply) or steering (next turn). */
  queue(text: string, kind: 'followUp' | 'steering'): void {
    if (kind === 'steering') this.agent.steer(text);
    else this.agent.followUp(text);
  }

  abort(): void {
    if (this.handoffs.isGeneratingHandoff) this.handoffs.abortHandoff();
    // Stopping while the model's proposal waits means "not now": the chat goes on.
    else if (this.proposals.pending && !this.proposals.pending.restored)
      this.proposals.answer({ accepted: false });
    else this.agent.abort();
  }

  /** The model's handoff proposal waiting for the user's answer. */
  get handoffProposal(): HandoffProposal | undefined {
    return this.proposals.pending;
  }

  /**
   * The user's answer to the model's handoff proposal. A live one resolves the waiting
   * tool call (declined: the model's next reply is requested as in any tool loop;
   * accepted: the run ends, see takeAcceptedHandoff). One shown again after a reload has
   * no run behind it: its answer is stored now, and "not now" asks the model to go on.
   */
  async answerHandoffProposal(answer: HandoffProposalAnswer): Promise<void> {
    const answered = this.proposals.answer(answer);
    if (!answered?.restored) return;
    const result: Message = {
      role: 'toolResult',
      content: [
        {
          type: 'tool_result',
          tool_use_id: answered.toolUseId,
          content: answer.accepted ? HANDOFF_ACCEPTED_RESULT : HANDOFF_DECLINED_RESULT,
        },
      ],
    };
    if (answer.accepted) {
      this.appendMessage(result);
      this.agent.replaceMessages(buildSessionContext(this.current.getBranch()).messages);
      return;
    }
    if (this.isBusy) throw new AgentBusyError();
    await this.exclusively(
      async () => {
        await this.agent.prompt(result);
        await this.sendFollowUps();
      },
      () => {
        throw new SessionBusyElsewhereError();
      },
    );
  }

  /** The focus of a handoff the user accepted, once the session is idle; taken once. */
  takeAcceptedHandoff(): string | undefined {
    return this.isBusy ? undefined : this.proposals.takeAccepted();
  }

  async handoff(customInstructions?: string, options: HandoffOptions = {}): Promise<HandoffResult> {
    // Refused before asking for the hold: a reply of this tab holds it, and the user must
    // hear that reason (stop it first), not "busy in another tab".
    const refusal = this.handoffs.refusal();
    if (refusal) throw new HandoffRefused(refusal);
    // Refused (another tab writes here): said as the handoff's other refusals are.
    return this.exclusively(
      () => this.handoffHeld(customInstructions, options),
      () => {
        throw new HandoffRefused(BUSY_IN_ANOTHER_TAB);
      },
    );
  }

  private async handoffHeld(
    customInstructions: string | undefined,
    options: HandoffOptions,
  ): Promise<HandoffResult> {
    if (!this.handoffs.refusal()) this.cancelEdit();
    this.handoffModel = options.model?.trim() || undefined;
    let result: HandoffResult;
    try {
      result = await this.handoffs.handoff(
        customInstructions,
        options.review ? { review: options.review } : {},
      );
    } finally {
      this.handoffModel = undefined;
    }
    // On success the switch already took the queues; otherwise hand back what was
    // typed during the handoff rather than sending it into the old session unasked.
    if (result.status !== 'done') this.returnQueuedText();
    return result;
  }

  abortHandoff(): boolean {
    return this.handoffs.abortHandoff();
  }

  get isGeneratingHandoff(): boolean {
    return this.handoffs.isGeneratingHandoff;
  }

  /** Makes `log` the active session (opened from the list, or a fresh one). */
  async open(log: SessionLog): Promise<void> {
    if (this.isBusy) throw new AgentBusyError();
    await this.deps.persistence.flush();
    this.cancelEdit();
    const previous = this.current.header;
    this.current = log;
    this.agent.reset();
    this.loadDerivedState();
    await this.deps.persistence.setActiveSession(log.id);
    this.emit({ type: 'session_changed', header: log.header, previous });
  }

  /**
   * Rewrites the open session as held in memory (a forgotten key taken out of it) and
   * rebuilds its context, so that neither the screen nor the next request still has what
   * was removed. Storage is the caller's to rewrite. A reply under way keeps its context
   * until it ends (its own entry is rewritten with the rest).
   */
  rewriteLoaded(
    entry: (value: SessionEntry) => SessionEntry | undefined,
    header: (value: SessionHeader) => SessionHeader | undefined,
  ): void {
    let changed = false;
    for (const old of this.current.entries()) {
      const next = entry(old);
      if (next) {
        this.current.update(next);
        changed = true;
      }
    }
    const nextHeader = header(this.current.header);
    if (nextHeader) {
      this.current.header = nextHeader;
      changed = true;
    }
    if (!changed) return;
    if (!this.isBusy) this.loadDerivedState();
    this.emit({ type: 'session_changed', header: this.current.header });
  }

  /** A new, empty session. Nothing is stored until its first message. */
  createEmptySession(): SessionLog {
    return new SessionLog(
      createSessionHeader({ id: this.makeId(), model: this.deps.getModel(), now: this.now() }),
    );
  }

  rename(title: string): void {
    const trimmed = title.trim();
    if (!trimmed) return;
    this.current.header = { ...this.current.header, title: trimmed, updatedAt: this.now() };
    this.saveHeader();
  }

  private loadDerivedState(): void {
    const branch = this.current.getBranch();
    this.agent.replaceMessages(buildSessionContext(branch).messages);
    this.todoList = deriveTodos(branch);
    this.reminder.reset();
    this.streamingEntryId = undefined;
    this.emit({ type: 'todos_changed', todos: this.todoList });
    this.proposals.restoreFrom(branch);
  }

  private saveHeader(): void {
    this.deps.persistence.saveHeader(this.current.header);
    this.emit({ type: 'header_changed', header: this.current.header });
  }

  /** Records the event in the log first, then passes it on, so listeners see the entry. */
  private onAgentEvent(event: AgentEvent): void {
    this.record(event);
    this.emit(event);
  }

  private record(event: AgentEvent): void {
    switch (event.type) {
      case 'message_start':
        if (event.message.role === 'assistant') this.startStreamingEntry(event.message);
        break;
      case 'message_update':
        this.updateStreamingEntry(event.message);
        break;
      case 'message_end':
        if (event.message.role === 'assistant') {
          this.updateStreamingEntry(event.message);
          this.streamingEntryId = undefined;
        } else if (event.message.role === 'custom') {
          this.appendEntry({ type: 'custom_message', ...withoutRole(event.message) });
        } else {
          this.appendMessage(event.message);
        }
        void this.flushQuietly();
        break;
      case 'turn_end':
        this.remindAboutTodos(event.message);
        break;
      default:
        break;
    }
  }

  private async flushQuietly(): Promise<void> {
    // Failures are reported by the persistence layer itself and retried there.
    await this.deps.persistence.flush().catch(() => undefined);
  }

  private appendEntry<T extends Omit<MessageEntry, keyof Base> | Omit<CustomMessageEntry, keyof Base>>(
    body: T,
  ) {
    const entry = {
      id: this.makeId(),
      parentId: this.current.header.leafId,
      sessionId: this.current.id,
      timestamp: this.now(),
      ...body,
    };
    this.current.append(entry);
    this.deps.persistence.saveEntry(entry);
    if (
      this.current.header.title === DEFAULT_SESSION_TITLE &&
      body.type === 'message' &&
      body.message.role === 'user'
    ) {
      this.current.header = { ...this.current.header, title: titleOfMessage(body.message) };
    }
    this.saveHeader();
    return entry;
  }

  private appendMessage(message: Message): void {
    this.appendEntry({ type: 'message', message });
  }

  private startStreamingEntry(message: Message): void {
    this.streamingEntryId = this.appendEntry({ type: 'message', message }).id;
  }

  private updateStreamingEntry(message: Message): void {
    const id = this.streamingEntryId;
    const entry = id === undefined ? undefined : this.current.get(id);
    if (entry?.type !== 'message') return;
    const updated: MessageEntry = { ...(entry as MessageEntry), message };
    this.current.update(updated);
    this.deps.persistence.saveEntry(updated);
  }

  private remindAboutTodos(message: Message): void {
    const called = message.content.some((b) => b.type === 'tool_use' && b.name === TODO_WRITE_TOOL_NAME);
    const reminder = this.reminder.onTurnEnd(this.todoList, called);
    if (reminder) {
      this.agent.addPendingNextTurn({
        role: 'custom',
        customType: TODO_REMINDER_CUSTOM_TYPE,
        content: reminder,
        display: false,
      });
    }
  }

  /**
   * Spec Lifecycle 8: one atomic storage change first (pending writes, the new
   * session with its lineage, the parent's child link, the handoff entry and the
   * active pointer), then the in-memory switch. If the commit fails nothing moved.
   */
  private async switchToHandoffSession(document: string, outcome: HandoffOutcome): Promise<string> {
    const parent = this.current;
    const now = this.now();
    const childId = this.makeId();
    const details: HandoffDetails = {
      document,
      parentSession: parent.id,
      parentTitle: parent.header.title,
      sections: checkHandoffSections(document),
      ...(outcome.condensed && { condensed: outcome.condensed }),
      ...(outcome.pendingRequest && {
        pendingRequest: this.deps.redact(outcome.pendingRequest, this.deps.getApiKey()),
      }),
    };
    // Walked once: a long session's branch is thousands of entries, and the switch is timed.
    const branch = parent.getBranch();
    const files = filesOfBranch(branch);
    // The new session gets no files; its card names them and links to where they were sent.
    if (files.length > 0) details.attachments = files;
    const tokensBefore = outcome.condensed?.tokensBefore ?? lastUsageTokens(branch);
    if (tokensBefore !== undefined) details.tokensBefore = tokensBefore;
    const handoffEntry: CustomMessageEntry = {
      id: this.makeId(),
      parentId: null,
      sessionId: childId,
      timestamp: now,
      type: 'custom_message',
      customType: HANDOFF_CUSTOM_TYPE,
      content: wrapHandoffDocument(document),
      display: true,
      details,
    };
    const childHeader: SessionHeader = {
      ...createSessionHeader({
        id: childId,
        model: this.handoffModel ?? this.model,
        now,
        title: handoffSessionTitle(parent.header.title),
        parentSession: parent.id,
      }),
      leafId: handoffEntry.id,
      // The work goes on as it was being done: the new session thinks as the old one did.
      ...(parent.header.thinking && { thinking: { ...parent.header.thinking } }),
    };
    const parentHeader: SessionHeader = { ...parent.header, children: [...parent.header.children, childId] };
    await this.deps.persistence.commitHandoff({ parent: parentHeader, child: childHeader, handoffEntry });

    parent.header = parentHeader;
    this.returnQueuedText();
    this.current = new SessionLog(childHeader, [handoffEntry]);
    this.agent.reset();
    this.loadDerivedState();
    this.emit({ type: 'header_changed', header: parentHeader });
    this.emit({ type: 'session_changed', header: childHeader, previous: parentHeader });
    return childId;
  }

  /** Empties the queues and hands their text back to the composer. */
  private returnQueuedText(): void {
    const { steering, followUps } = this.agent.clearQueues();
    const text = [...steering, ...followUps].join('\n\n');
    if (text) this.emit({ type: 'queued_text_returned', text });
  }
}

/** A user's own message: not a tool result, not the internal handoff instruction. */
function isEditable(entry: SessionEntry): entry is MessageEntry {
  if (!isMessageEntry(entry) || entry.message.role !== 'user') return false;
  return !textOf(entry.message).startsWith(HANDOFF_PROMPT_MARKER);
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

type Base = { id: string; parentId: string | null; sessionId: string; timestamp: number };

function withoutRole<T extends { role: string }>(message: T): Omit<T, 'role'> {
  const { role: _role, ...rest } = message;
  return rest;
}
