/**
 * The handoff as the open session runs it: the state machine with what it needs of the
 * session (the context, the agent, the switch), the model's handoff proposals and the
 * handoff the user accepted from one, and the switch itself: one atomic storage change
 * (records from buildHandoffSwitch), then the move to the new session.
 */
import { type Agent, AgentBusyError, userMessage } from '../agent/agent';
import type { ModelClient } from '../agent/types';
import type { AttachmentLoader } from '../attachments/attachmentTypes';
import type { Conversation } from '../conversation/conversation';
import type { ContextFilters } from '../session/contextFilters';
import { BUSY_IN_ANOTHER_TAB, SessionBusyElsewhereError } from '../session/exclusiveAccess';
import type { SessionPersistence } from '../session/persistence';
import type { SessionHost, SessionHostEvent } from '../session/sessionHost';
import { SessionLog } from '../session/sessionLog';
import type { Tool } from '../tools/tool';
import type { ToolDefinition } from '../types/agentMessage';
import type { SessionEntry } from '../types/entry';
import type { Message } from '../types/message';
import { handoffContextFilter } from './handoffAttempts';
import {
  HandoffMachine,
  type HandoffOutcome,
  HandoffRefused,
  type HandoffResult,
  type HandoffReviewer,
  type HandoffState,
} from './handoffMachine';
import { HANDOFF_TOOLS_REFUSED } from './handoffPrompt';
import { type HandoffProposal, HandoffProposals } from './handoffProposals';
import { buildHandoffSwitch } from './handoffSwitch';
import {
  createHandoffTool,
  HANDOFF_ACCEPTED_RESULT,
  HANDOFF_DECLINED_RESULT,
  type HandoffProposalAnswer,
} from './handoffTool';
import { prepareHandoffRequest } from './prepareHandoffRequest';
import type { ListedFile } from './workspaceListing';

export interface HandoffOptions {
  /** Review (and maybe edit) the document before the new session starts. */
  review?: HandoffReviewer;
  /** The new session's model; default: the model of the current session. */
  model?: string;
}

export type HandoffEvent =
  | { type: 'handoff_state'; state: HandoffState }
  /** The model's handoff proposal waiting for the user's answer, or none any more. */
  | { type: 'handoff_proposal'; proposal: HandoffProposal | undefined }
  /**
   * The handoff's document is captured: sent just before the message_end of the reply
   * that carries it. The switch (or the review) follows unless a handoff_state says the
   * handoff was cancelled or failed first.
   */
  | { type: 'handoff_document_captured'; document: string };

/** What a handoff reads of the session's configuration at the moment it runs. */
export interface HandoffSettings {
  client: ModelClient;
  /** The current session's model. */
  model: string;
  /** Its context window, in tokens. */
  window: number;
  maxTokens: number;
  /** Removes secrets (the API key) from text that leaves the user's hands. */
  redact(text: string): string;
}

export interface SessionHandoffsDeps {
  agent: Agent;
  host: SessionHost;
  conversation: Conversation;
  persistence: SessionPersistence;
  contextFilters: ContextFilters;
  attachments?: AttachmentLoader;
  settings(): HandoffSettings;
  systemPrompt(): string;
  tools(): ToolDefinition[];
  /**
   * The files of the session's workspace (issue 26), read before each handoff request:
   * the instruction lists them and the new session's first context names them. None
   * given, or the read fails: the handoff goes on without the list.
   */
  workspaceFiles?(): Promise<readonly ListedFile[]>;
  /** Makes `log` the open session, everything derived from it loaded (the switch's last step). */
  enter(log: SessionLog): void;
  emit(event: HandoffEvent | SessionHostEvent): void;
  now(): number;
  newId(): string;
}

export class SessionHandoffs {
  private readonly machine: HandoffMachine;
  private readonly proposals: HandoffProposals;
  /** The model the new session of the handoff under way gets, when the user picked one. */
  private handoffModel: string | undefined;
  /** The workspace's files as the handoff under way listed them (the switch names the same ones). */
  private listedFiles: readonly ListedFile[] = [];

  constructor(private readonly deps: SessionHandoffsDeps) {
    this.proposals = new HandoffProposals((proposal) => deps.emit({ type: 'handoff_proposal', proposal }));
    deps.contextFilters.register(handoffContextFilter);
    const { agent, host } = deps;
    this.machine = new HandoffMachine({
      countBranchMessages: () => host.countBranchMessages(),
      isStreaming: () => agent.isStreaming,
      subscribe: (listener) => agent.subscribe(listener),
      prepareHandoff: async (focus, signal, onProgress, attempt) => {
        this.listedFiles = await this.readWorkspaceFiles();
        const settings = deps.settings();
        return prepareHandoffRequest({
          squeeze: 1 + attempt,
          context: agent.messages,
          system: deps.systemPrompt(),
          tools: deps.tools(),
          model: settings.model,
          window: settings.window,
          maxTokens: settings.maxTokens,
          client: settings.client,
          ...(focus && { focus }),
          redact: settings.redact,
          signal,
          onProgress,
          ...(deps.attachments && { attachments: deps.attachments }),
          contextFilter: deps.contextFilters.apply,
          ...(this.listedFiles.length > 0 && { workspaceFiles: this.listedFiles }),
        });
      },
      sendHandoffPrompt: async (prompt, transcript, onLastReply) => {
        await agent.prompt(userMessage(prompt), {
          refuseToolsWith: HANDOFF_TOOLS_REFUSED,
          takeSteering: false,
          requestPrefix: transcript,
          onLastReply,
        });
      },
      documentCaptured: (document) => deps.emit({ type: 'handoff_document_captured', document }),
      abortGeneration: () => agent.abort(),
      redact: (text) => deps.settings().redact(text),
      switchToHandoffSession: (document, outcome) => this.switchToHandoffSession(document, outcome),
      now: deps.now,
    });
    this.machine.onChange((state) => deps.emit({ type: 'handoff_state', state }));
  }

  get state(): HandoffState {
    return this.machine.state;
  }

  /** Generating, reviewing or switching: the session must not take other prompts. */
  get isActive(): boolean {
    return this.machine.isActive;
  }

  get isGeneratingHandoff(): boolean {
    return this.machine.isGeneratingHandoff;
  }

  /** Why a handoff cannot start now, or undefined when it can. */
  refusal(): string | undefined {
    return this.machine.refusal();
  }

  /** The model's `handoff` tool, asking the user through the proposals. */
  tool(): Tool {
    return createHandoffTool((input, signal, toolUseId) => this.proposals.ask(input, signal, toolUseId));
  }

  async handoff(customInstructions?: string, options: HandoffOptions = {}): Promise<HandoffResult> {
    // Refused before asking for the hold: a reply of this tab holds it, and the user must
    // hear that reason (stop it first), not "busy in another tab".
    const refusal = this.machine.refusal();
    if (refusal) throw new HandoffRefused(refusal);
    // Refused (another tab writes here): said as the handoff's other refusals are.
    return this.deps.conversation.exclusively(
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
    if (!this.machine.refusal()) this.deps.conversation.cancelEdit();
    this.handoffModel = options.model?.trim() || undefined;
    let result: HandoffResult;
    try {
      result = await this.machine.handoff(
        customInstructions,
        options.review ? { review: options.review } : {},
      );
    } finally {
      this.handoffModel = undefined;
    }
    // On success the switch already took the queues; otherwise hand back what was
    // typed during the handoff rather than sending it into the old session unasked.
    if (result.status !== 'done') this.deps.conversation.returnQueuedText();
    return result;
  }

  abortHandoff(): boolean {
    return this.machine.abortHandoff();
  }

  /** The workspace's files, or none when they cannot be read: a handoff never fails for the list. */
  private async readWorkspaceFiles(): Promise<readonly ListedFile[]> {
    try {
      return (await this.deps.workspaceFiles?.()) ?? [];
    } catch {
      return [];
    }
  }

  /**
   * Esc or Stop as the handoff sees it: cancels a handoff being written, or answers a
   * live proposal "not now" (the chat goes on). False when neither was under way.
   */
  interrupt(): boolean {
    if (this.machine.isGeneratingHandoff) {
      this.machine.abortHandoff();
      return true;
    }
    if (this.proposals.pending && !this.proposals.pending.restored) {
      this.proposals.answer({ accepted: false });
      return true;
    }
    return false;
  }

  /** The model's handoff proposal waiting for the user's answer. */
  get proposal(): HandoffProposal | undefined {
    return this.proposals.pending;
  }

  /** An accepted handoff comes next: queued follow-ups wait. */
  get hasAccepted(): boolean {
    return this.proposals.hasAccepted;
  }

  /**
   * The user's answer to the model's handoff proposal. A live one resolves the waiting
   * tool call (declined: the model's next reply is requested as in any tool loop;
   * accepted: the run ends, see takeAccepted). One shown again after a reload has no run
   * behind it: its answer is stored now, and "not now" asks the model to go on.
   */
  async answer(answer: HandoffProposalAnswer): Promise<void> {
    const answered = this.proposals.answer(answer);
    if (!answered?.restored) return;
    const { conversation, host } = this.deps;
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
      host.appendMessage(result);
      conversation.load(host.branch());
      return;
    }
    if (conversation.isBusy) throw new AgentBusyError();
    await conversation.exclusively(
      async () => {
        await this.deps.agent.prompt(result);
        await conversation.sendFollowUps();
      },
      () => {
        throw new SessionBusyElsewhereError();
      },
    );
  }

  /** The focus of a handoff the user accepted, once the session is idle; taken once. */
  takeAccepted(): string | undefined {
    return this.deps.conversation.isBusy ? undefined : this.proposals.takeAccepted();
  }

  /** After loading a branch: a proposal it ends with, unanswered, is shown again. */
  restore(branch: readonly SessionEntry[]): void {
    this.proposals.restoreFrom(branch);
  }

  /** The user moved on (sent a message): a proposal shown again after a reload lapses. */
  dropRestored(): void {
    this.proposals.dropRestored();
  }

  /**
   * Spec Lifecycle 8: one atomic storage change first (pending writes, the new
   * session with its lineage, the parent's child link, the handoff entry and the
   * active pointer), then the in-memory switch. If the commit fails nothing moved.
   */
  private async switchToHandoffSession(document: string, outcome: HandoffOutcome): Promise<string> {
    const { deps } = this;
    const parent = deps.host.log;
    const settings = deps.settings();
    const now = deps.now();
    const childId = deps.newId();
    const records = buildHandoffSwitch({
      parent: parent.header,
      // Walked once: a long session's branch is thousands of entries, and the switch is timed.
      branch: parent.getBranch(),
      document,
      outcome: {
        ...(outcome.condensed && { condensed: outcome.condensed }),
        ...(outcome.pendingRequest && { pendingRequest: settings.redact(outcome.pendingRequest) }),
      },
      childId,
      entryId: deps.newId(),
      now,
      model: this.handoffModel ?? settings.model,
      workspaceFiles: this.listedFiles,
    });
    const { parent: parentHeader, child, handoffEntry } = records;
    await deps.persistence.commitHandoff({ parent: parentHeader, child, handoffEntry });

    parent.header = parentHeader;
    deps.conversation.returnQueuedText();
    deps.enter(new SessionLog(child, [handoffEntry]));
    deps.emit({ type: 'header_changed', header: parentHeader });
    deps.emit({ type: 'session_changed', header: child, previous: parentHeader });
    return childId;
  }
}
