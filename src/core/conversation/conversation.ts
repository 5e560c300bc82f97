/**
 * The conversation loop as the user drives it: sending a message (or an edit of one,
 * which starts a new branch), the follow-ups and steering queued meanwhile, stopping,
 * and the one rule that nothing is sent into a context the model already refused for
 * length. Each send holds the session exclusively across tabs while it runs.
 */
import { type Agent, AgentBusyError, type AgentRunOptions, userMessage } from '../agent/agent';
import { DEFAULT_MAX_TOOL_ROUNDS, type ToolRounds } from '../agent/toolRounds';
import { formatBytes } from '../attachments/attachmentLimits';
import { type AttachmentRecord, filesOf } from '../attachments/attachmentTypes';
import { expandPromptTemplate, type PromptTemplate } from '../commands/promptTemplates';
import { contextOverflowSentence, overflowOf } from '../context/lengthRefusal';
import { type SendRefusal, sendRefusal } from '../context/sendCheck';
import { isHandoffInstruction } from '../handoff/handoffAttempts';
import { newestLeafFrom } from '../session/branchVersions';
import { buildSessionContext, replySendsNothing, toApiMessages } from '../session/buildSessionContext';
import { type Exclusive, runExclusively, SessionBusyElsewhereError } from '../session/exclusiveAccess';
import type { SessionPersistence } from '../session/persistence';
import type { SessionHost } from '../session/sessionHost';
import { type AgentMessage, newestReply, type ToolChoice } from '../types/agentMessage';
import type { AttachmentRef } from '../types/attachment';
import type { ContextOverflow } from '../types/contextOverflow';
import { isMessageEntry, type SessionEntry } from '../types/entry';
import type { Message } from '../types/message';
import type { MessageEdits } from './messageEdits';

/**
 * The model refused this conversation for length (or its window filled mid-reply):
 * sending more would only be refused again, larger. The text stays with the user.
 */
export class ContextFullError extends Error {
  override readonly name = 'ContextFullError';
  constructor(
    readonly overflow: ContextOverflow,
    /** What is too large, when it is not the tokens (the files' bytes). */
    reason: string = contextOverflowSentence(overflow),
  ) {
    super(`${reason} Hand off to continue; your message is still in the box.`);
  }
}

/** The error for a request the send check refuses (see sendCheck.ts). */
function sendRefusalError(refusal: SendRefusal): ContextFullError {
  if (refusal.kind === 'tokens') return new ContextFullError(refusal.overflow);
  return new ContextFullError(
    {},
    `This conversation carries ${formatBytes(refusal.bytes)} of files (as sent), more than the ${formatBytes(refusal.limit)} one request may hold.`,
  );
}

/**
 * The user's earlier message failed and, tried again as itself before the new one, failed
 * again: the new message is not sent (it would have been merged into the failed one).
 */
export class EarlierMessageFailedError extends Error {
  override readonly name = 'EarlierMessageFailedError';
  constructor() {
    super('Your earlier message failed again, so this one was not sent: it is back in the box.');
  }
}

export interface PromptOptions {
  /** Expand `/template args` (default off: internal payloads and queued text are sent as they are). */
  expandPromptTemplates?: boolean;
  toolChoice?: ToolChoice;
  /** Files sent with the message, before its text; stored with it (sessionId is set here). */
  attachments?: readonly Omit<AttachmentRecord, 'sessionId'>[];
  /**
   * Continue a run paused at its bound on tool rounds (see toolRounds.ts) for another
   * such bound: a send without new words, so the text is ignored. Not paused: nothing.
   */
  continueToolRounds?: boolean;
}

export type QueueKind = 'followUp' | 'steering';

export type QueuedTextEvent = { type: 'queued_text_returned'; text: string };

export interface ConversationDeps {
  agent: Agent;
  host: SessionHost;
  persistence: SessionPersistence;
  edits: MessageEdits;
  exclusive?: Exclusive;
  /** The model replies come from now. */
  model(): string;
  /** Tool rounds a run may take before the user is asked (see toolRounds.ts). */
  maxToolRounds?(): number;
  /** The model's window and the system prompt, for the check before sending (see sendCheck.ts); without them, none. */
  window?(): number;
  systemPrompt?(): string;
  promptTemplates(): PromptTemplate[];
  /** Another part holds the session (a handoff under way): new text must be queued. */
  busyElsewhere(): boolean;
  /** Called as a message is sent, before anything is appended (a restored proposal lapses). */
  beforeSend(): void;
  /** Queued follow-ups wait (a handoff the user accepted comes first). */
  followUpsWait(): boolean;
  /** Rebuilds everything derived from the branch (after an edit moved the leaf). */
  reload(): void;
  emit(event: QueuedTextEvent): void;
}

export class Conversation {
  /** Requests for the session's exclusive hold not answered yet: busy meanwhile, so text typed then is queued. */
  private asking = 0;
  /**
   * The run that paused at its bound on tool rounds, waiting for Continue. Stop needs no
   * call: the run is already over and whole; the next send clears this.
   */
  private paused: ToolRounds | undefined;

  constructor(private readonly deps: ConversationDeps) {}

  /** A reply is streaming, a handoff is under way or a hold is being asked for. */
  get isBusy(): boolean {
    return this.asking > 0 || this.deps.agent.isStreaming || this.deps.busyElsewhere();
  }

  get isStreaming(): boolean {
    return this.deps.agent.isStreaming;
  }

  /** The context as the model sees it. */
  get messages(): readonly AgentMessage[] {
    return this.deps.agent.messages;
  }

  get queues(): { steering: readonly string[]; followUps: readonly string[] } {
    return { steering: this.deps.agent.steeringQueue, followUps: this.deps.agent.followUpQueue };
  }

  /** Runs `run` holding this session exclusively (see exclusiveAccess.ts); `onRefused` when another holds it. */
  async exclusively<T>(run: () => Promise<T>, onRefused: () => never): Promise<T> {
    const exclusive = this.deps.exclusive ?? runExclusively;
    this.asking += 1;
    let decided = false;
    const decide = () => {
      if (decided) return;
      decided = true;
      this.asking -= 1;
    };
    try {
      const outcome = await exclusive(this.deps.host.header.id, run, decide);
      return outcome.acquired ? outcome.value : onRefused();
    } finally {
      decide();
    }
  }

  /** The context as `branch` has it (a session opened, a branch moved). */
  load(branch: readonly SessionEntry[]): void {
    this.deps.agent.replaceMessages(buildSessionContext(branch).messages);
  }

  /** Forgets the context and every queue (another session comes). */
  reset(): void {
    this.paused = undefined;
    this.deps.agent.reset();
  }

  /**
   * Runs the agent, counting its tool rounds from `done` (a continued chain goes on
   * counting) against a bound `maxToolRounds` further on.
   */
  private async run(
    input: AgentMessage | AgentMessage[],
    options: AgentRunOptions = {},
    done = 0,
  ): Promise<void> {
    this.paused = undefined;
    const limit = done + (this.deps.maxToolRounds?.() ?? DEFAULT_MAX_TOOL_ROUNDS);
    const outcome = await this.deps.agent.prompt(input, { ...options, toolRounds: { done, limit } });
    this.paused = outcome.toolRoundLimit;
  }

  /** Continue after the bound: another `maxToolRounds` rounds, from where the run paused. */
  async continueToolRounds(): Promise<void> {
    const paused = this.paused;
    if (!paused) return;
    if (this.isBusy) throw new AgentBusyError();
    await this.exclusively(
      async () => {
        // The context ends with the last round's results: they are what is sent next.
        await this.run([], {}, paused.done);
        await this.sendFollowUps();
      },
      () => {
        throw new SessionBusyElsewhereError();
      },
    );
  }

  /**
   * Sends what the user typed. Busy sessions refuse; the caller queues instead.
   * Follow-ups queued meanwhile are sent one by one once the reply has ended.
   */
  async prompt(text: string, options: PromptOptions = {}): Promise<void> {
    if (options.continueToolRounds) return this.continueToolRounds();
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
    const { edits, host } = this.deps;
    this.deps.beforeSend();
    // An edit under way turns this message into its new branch.
    // An edit changes the words: the files of the edited message stay with the new one.
    const editing = edits.entryId;
    const kept = editing === undefined ? [] : filesOf(edits.editable(editing).message.content);
    if (editing !== undefined) this.branchForEdit(editing);
    const full = this.contextFull();
    if (full) throw new ContextFullError(full);
    // A message whose reply failed before saying anything would join this one in a single
    // user turn: it is tried again as itself first, and this one waits for its answer.
    const failed = editing === undefined ? this.failedReplyId() : undefined;
    if (failed !== undefined) {
      await this.retryFrom(failed);
      if (this.failedReplyId() !== undefined) throw new EarlierMessageFailedError();
    }
    const attachments = (options.attachments ?? []).map((record) => ({
      ...record,
      sessionId: host.header.id,
    }));
    const files = [...kept, ...attachments.map(attachmentRef)];
    const message = userMessage(this.expand(text, options), files);
    this.checkSize(message);
    // Queued before the message, so they land with it or before it (see saveAttachment).
    for (const record of attachments) this.deps.persistence.saveAttachment(record);
    await this.run(message, {
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
    this.deps.edits.editable(entryId);
    this.deps.edits.set(entryId);
    // prompt() makes the branch, so the edit runs under the same exclusive hold.
    await this.prompt(text, options);
  }

  /**
   * Asks the model again for the reply `entryId` (on the branch): the new reply becomes
   * its sibling, a new version, and the request holds only the branch up to its parent.
   */
  async retry(entryId: string): Promise<void> {
    if (this.isBusy) throw new AgentBusyError();
    await this.exclusively(
      async () => {
        this.deps.edits.cancel();
        this.deps.beforeSend();
        await this.retryFrom(entryId);
        await this.sendFollowUps();
      },
      () => {
        throw new SessionBusyElsewhereError();
      },
    );
  }

  private async retryFrom(entryId: string): Promise<void> {
    const { host } = this.deps;
    const entry = host.branch().find((candidate) => candidate.id === entryId);
    if (!entry || !isMessageEntry(entry) || entry.message.role !== 'assistant')
      throw new Error('Only a reply on this branch can be retried.');
    host.moveLeaf(entry.parentId);
    this.deps.reload();
    await this.deps.agent.prompt([]);
  }

  /** The branch's last entry when it is a reply that failed before the model said anything. */
  private failedReplyId(): string | undefined {
    const { host } = this.deps;
    const leafId = host.header.leafId;
    const leaf = leafId === null ? undefined : host.log.get(leafId);
    if (!leaf || !isMessageEntry(leaf)) return undefined;
    const { message } = leaf;
    const failed =
      message.role === 'assistant' && message.stopReason === 'error' && replySendsNothing(message);
    if (!failed) return undefined;
    // A failed handoff's reply answers the handoff's instruction, not a message of the
    // user's: asking again would send that instruction as an ordinary turn (the handoff
    // says how it failed, and is started again as a handoff).
    const asked = leaf.parentId === null ? undefined : host.log.get(leaf.parentId);
    if (asked && isMessageEntry(asked) && isHandoffInstruction(asked.message)) return undefined;
    return leaf.id;
  }

  /**
   * Shows another version of a message: the branch moves through `entryId` to where the
   * conversation last went on from it. Stored at once (the header's leaf), nothing sent.
   */
  showVersion(entryId: string): void {
    if (this.isBusy) throw new AgentBusyError();
    const { host } = this.deps;
    const all = host.log.entries();
    if (!host.log.get(entryId)) throw new Error('That version no longer exists.');
    this.deps.edits.cancel();
    host.moveLeaf(newestLeafFrom(all, entryId));
    host.saveHeader();
    this.deps.reload();
  }

  /** Ends an edit without sending; true if one was under way. */
  cancelEdit(): boolean {
    return this.deps.edits.cancel();
  }

  /** Marks `entryId` as being edited: the next prompt() branches from it (see promptAsEdit). */
  beginEdit(entryId: string): void {
    if (this.isBusy) throw new AgentBusyError();
    this.deps.edits.editable(entryId);
    this.deps.edits.set(entryId);
  }

  /** Moves the leaf to the edited message's parent, so the next message becomes its sibling. */
  private branchForEdit(entryId: string): void {
    const edited = this.deps.edits.editable(entryId);
    this.deps.edits.set(undefined);
    // Only in memory: the header (with the new leaf) is saved with the new message.
    this.deps.host.moveLeaf(edited.parentId);
    this.deps.reload();
  }

  /** Throws when the request `message` would make is surely too large to send (see sendCheck.ts). */
  private checkSize(message: Message): void {
    const { window, systemPrompt } = this.deps;
    if (!window || !systemPrompt) return;
    const [turn] = toApiMessages([message]);
    if (!turn) return;
    const refusal = sendRefusal(this.deps.host.branch(), systemPrompt(), turn, window());
    if (refusal) throw sendRefusalError(refusal);
  }

  /**
   * Set when the newest reply says the conversation no longer fits, unless the user has
   * since picked another model than the one that refused.
   */
  contextFull(): ContextOverflow | undefined {
    const last = newestReply(this.deps.agent.messages);
    if (!last) return undefined;
    const overflow = overflowOf(last);
    if (!overflow) return undefined;
    // Another model (a larger window, say) gets its own try.
    if (last.model !== undefined && last.model !== this.deps.model()) return undefined;
    return overflow;
  }

  private expand(text: string, options: PromptOptions): string {
    // Opt-in: the composer expands (or escapes with `//`) before it sends or queues, so
    // expanding by default would expand queued text twice and undo the escape.
    if (options.expandPromptTemplates !== true) return text;
    return expandPromptTemplate(text, this.deps.promptTemplates())?.expanded ?? text;
  }

  /** Sends the queued follow-ups one by one, while nothing stands in their way. */
  async sendFollowUps(): Promise<void> {
    const { agent } = this.deps;
    for (;;) {
      // An accepted handoff comes next; queued text goes back to the user with it.
      if (this.deps.followUpsWait()) return;
      // Paused at the bound on tool rounds: the user answers Continue or Stop first.
      if (this.paused) return;
      const last = agent.messages.at(-1);
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
      const next = agent.takeNextFollowUp();
      if (next === undefined) return;
      // Queued text is sent as queued: the composer already expanded (or escaped) it.
      await this.run(userMessage(next));
    }
  }

  /** Queues text typed while busy: a follow-up (after the reply) or steering (next turn). */
  queue(text: string, kind: QueueKind): void {
    if (kind === 'steering') this.deps.agent.steer(text);
    else this.deps.agent.followUp(text);
  }

  /** Takes one queued message out (the user removed its chip); returns its text. */
  removeQueued(kind: QueueKind, index: number): string | undefined {
    return this.deps.agent.removeQueued(kind, index);
  }

  /** Stops the reply being written, if one is. */
  stopReply(): void {
    this.deps.agent.abort();
  }

  /** Empties the queues and hands their text back to the composer. */
  returnQueuedText(): void {
    const { steering, followUps } = this.deps.agent.clearQueues();
    const text = [...steering, ...followUps].join('\n\n');
    if (text) this.deps.emit({ type: 'queued_text_returned', text });
  }
}

/** The reference a message keeps of a stored file: the record without its owner and bytes. */
function attachmentRef({ sessionId: _owner, data: _bytes, ...ref }: AttachmentRecord): AttachmentRef {
  return ref;
}
