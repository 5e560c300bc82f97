/**
 * The session layer's one face to the app: one session log at a time, the conversation
 * in it, its todos and its handoff. The work is done by parts with one job each (see
 * sessionParts.ts); this only answers for them. It knows nothing of React, the DOM or
 * IndexedDB, and reads nothing from the app: services come as ports, the user's
 * settings are pushed in through configure().
 */
import { AgentBusyError } from './agent/agent';
import type { PromptOptions, QueueKind } from './conversation/conversation';
import type { HandoffResult, HandoffState } from './handoff/handoffMachine';
import type { HandoffProposal } from './handoff/handoffProposals';
import type { HandoffProposalAnswer } from './handoff/handoffTool';
import type { HandoffOptions } from './handoff/sessionHandoffs';
import type { SessionLog } from './session/sessionLog';
import type { SessionEvent } from './sessionEvents';
import { SessionParts } from './sessionParts';
import type { SessionConfig, SessionPorts } from './sessionPorts';
import { SessionSettings } from './sessionSettings';
import type { TodoItem } from './todos/todoTypes';
import type { ToolRegistry } from './tools/toolRegistry';
import { type AgentMessage, type CustomContextMessage, newestReply } from './types/agentMessage';
import type { ContextOverflow } from './types/contextOverflow';
import type { SessionEntry, SessionHeader } from './types/entry';
import type { Message } from './types/message';
import type { ThinkingSetting } from './types/thinking';

// The session's vocabulary, for the app to take from its one face.
export { ContextFullError, EarlierMessageFailedError, type PromptOptions } from './conversation/conversation';
export { NotEditableError } from './conversation/messageEdits';
export type { HandoffOptions } from './handoff/sessionHandoffs';
export type { SessionEvent } from './sessionEvents';
export type { SessionConfig, SessionPorts } from './sessionPorts';

/** Each member hands on to the part doing the work: see that part's own documentation. */
export class AgentSession {
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private readonly settings: SessionSettings;
  private readonly parts: SessionParts;

  constructor(ports: SessionPorts, config: SessionConfig, log: SessionLog) {
    this.settings = new SessionSettings(config, () => this.parts.host.header);
    this.parts = new SessionParts(ports, this.settings, log, (event) => this.emit(event));
    this.parts.loadDerivedState();
  }

  /** Takes the user's settings as they are now; every later read (and request) uses them. */
  configure(config: SessionConfig): void {
    this.settings.configure(config);
  }

  /** Where tools and their before/after-call hooks are added (MCP tools, the permission step). */
  get tools(): ToolRegistry {
    return this.parts.tools;
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: SessionEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  // --- Reading ---------------------------------------------------------------------
  get log(): SessionLog {
    return this.parts.host.log;
  }

  get header(): SessionHeader {
    return this.parts.host.header;
  }

  get todos(): TodoItem[] {
    return this.parts.todos.items;
  }

  get model(): string {
    return this.settings.model;
  }

  get thinking(): ThinkingSetting {
    return this.settings.thinking;
  }

  get contextWindow(): number {
    return this.settings.contextWindow;
  }

  systemPrompt(): string {
    return this.parts.systemPrompt();
  }

  /** A reply is streaming or a handoff is under way: new text must be queued. */
  get isBusy(): boolean {
    return this.parts.conversation.isBusy;
  }

  get isStreaming(): boolean {
    return this.parts.conversation.isStreaming;
  }

  get messages(): readonly AgentMessage[] {
    return this.parts.conversation.messages;
  }

  newestReply(): Message | undefined {
    return newestReply(this.parts.conversation.messages);
  }

  get pendingNextTurn(): readonly CustomContextMessage[] {
    return this.parts.agent.pendingNextTurnMessages;
  }

  get queues(): { steering: readonly string[]; followUps: readonly string[] } {
    return this.parts.conversation.queues;
  }

  // --- The conversation ------------------------------------------------------------
  /** Sends what the user typed; a busy session refuses (the caller queues instead). */
  prompt(text: string, options: PromptOptions = {}): Promise<void> {
    return this.parts.conversation.prompt(text, options);
  }

  promptAsEdit(entryId: string, text: string, options: PromptOptions = {}): Promise<void> {
    return this.parts.conversation.promptAsEdit(entryId, text, options);
  }

  retry(entryId: string): Promise<void> {
    return this.parts.conversation.retry(entryId);
  }

  /** Moves the branch to another version of a message (see Conversation.showVersion). */
  showVersion(entryId: string): void {
    this.parts.conversation.showVersion(entryId);
    this.emit({ type: 'session_changed', header: this.parts.host.header });
  }

  contextFull(): ContextOverflow | undefined {
    return this.parts.conversation.contextFull();
  }

  get editingEntryId(): string | undefined {
    return this.parts.edits.entryId;
  }

  beginEdit(entryId: string): void {
    this.parts.conversation.beginEdit(entryId);
  }

  cancelEdit(): boolean {
    return this.parts.conversation.cancelEdit();
  }

  lastEditableMessageId(): string | undefined {
    return this.parts.edits.lastEditable();
  }

  /** Queues text typed while busy: a follow-up (after the reply) or steering (next turn). */
  queue(text: string, kind: QueueKind): void {
    this.parts.conversation.queue(text, kind);
  }

  removeQueued(kind: QueueKind, index: number): string | undefined {
    return this.parts.conversation.removeQueued(kind, index);
  }

  /** Stop: the handoff being written, else a live proposal ("not now"), else the reply. */
  abort(): void {
    if (!this.parts.handoffs.interrupt()) this.parts.conversation.stopReply();
  }

  stopReply(): void {
    this.parts.conversation.stopReply();
  }

  // --- The handoff -----------------------------------------------------------------
  handoff(customInstructions?: string, options: HandoffOptions = {}): Promise<HandoffResult> {
    return this.parts.handoffs.handoff(customInstructions, options);
  }

  handoffRefusal(): string | undefined {
    return this.parts.handoffs.refusal();
  }

  get handoffState(): HandoffState {
    return this.parts.handoffs.state;
  }

  get isGeneratingHandoff(): boolean {
    return this.parts.handoffs.isGeneratingHandoff;
  }

  abortHandoff(): boolean {
    return this.parts.handoffs.abortHandoff();
  }

  get handoffProposal(): HandoffProposal | undefined {
    return this.parts.handoffs.proposal;
  }

  answerHandoffProposal(answer: HandoffProposalAnswer): Promise<void> {
    return this.parts.handoffs.answer(answer);
  }

  takeAcceptedHandoff(): string | undefined {
    return this.parts.handoffs.takeAccepted();
  }

  // --- The session log -------------------------------------------------------------
  /** Makes `log` the active session (opened from the list, or a fresh one). */
  async open(log: SessionLog): Promise<void> {
    if (this.isBusy) throw new AgentBusyError();
    await this.parts.persistence.flush();
    this.parts.conversation.cancelEdit();
    const previous = this.parts.enter(log);
    await this.parts.persistence.setActiveSession(log.id);
    this.emit({ type: 'session_changed', header: log.header, previous });
  }

  /** Rewrites the open session in memory (a forgotten key taken out); storage is the caller's. */
  rewriteLoaded(
    entry: (value: SessionEntry) => SessionEntry | undefined,
    header: (value: SessionHeader) => SessionHeader | undefined,
  ): void {
    if (!this.parts.host.rewrite(entry, header)) return;
    if (!this.isBusy) this.parts.loadDerivedState();
    this.emit({ type: 'session_changed', header: this.parts.host.header });
  }

  /** A new, empty session on the default model. Nothing is stored until its first message. */
  createEmptySession(): SessionLog {
    return this.parts.host.createEmpty(this.settings.defaultModel);
  }

  rename(title: string, generatedOver?: string): boolean {
    return this.parts.host.rename(title, generatedOver);
  }

  /** Changes the model of this session's requests from its next run on. */
  setModel(model: string): void {
    const trimmed = model.trim();
    if (trimmed) this.parts.host.setModel(trimmed);
  }

  setThinking(setting: ThinkingSetting): void {
    this.parts.host.setThinking(setting);
  }
}
