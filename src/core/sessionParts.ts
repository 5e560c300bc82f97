/**
 * The parts of an AgentSession, each with one job, and how they are wired to each
 * other: the log (SessionHost), the agent loop with its queues and edits
 * (Conversation, MessageEdits), the todos, the handoff (SessionHandoffs), the tools every
 * call goes through and the context filters every request goes through. AgentSession
 * is the face the app sees; this is where a new part is plugged in.
 */

import { Agent } from './agent/agent';
import type { AgentEvent } from './agent/agentEvents';
import type { McpConnectorServer } from './agent/types';
import { Conversation } from './conversation/conversation';
import { MessageEdits } from './conversation/messageEdits';
import { isHandoffInstruction } from './handoff/handoffAttempts';
import { contextAfterReply, HandoffHint } from './handoff/handoffHint';
import { SessionHandoffs } from './handoff/sessionHandoffs';
import { newId } from './ids';
import { thinkingRequestFor } from './models/thinking';
import { createRecallTool, RECALL_TOOL_NAME } from './recall/recallTool';
import { ContextFilters } from './session/contextFilters';
import type { SessionPersistence } from './session/persistence';
import { SessionHost } from './session/sessionHost';
import type { SessionLog } from './session/sessionLog';
import type { SessionEvent } from './sessionEvents';
import type { SessionPorts } from './sessionPorts';
import type { SessionSettings } from './sessionSettings';
import { systemPromptFor } from './systemPrompt';
import { SessionTodos } from './todos/sessionTodos';
import type { ToolAvailability } from './tools/tool';
import { ToolRegistry } from './tools/toolRegistry';
import type { CustomContextMessage } from './types/agentMessage';
import type { SessionHeader } from './types/entry';
import type { Message } from './types/message';
import { createMemoryTool } from './workspace/memoryTool';
import { createTextEditorTool } from './workspace/textEditorTool';
import { UserChangeNotes } from './workspace/userChanges';
import type { WorkspacePort } from './workspace/workspacePort';

export class SessionParts {
  readonly persistence: SessionPersistence;
  readonly tools = new ToolRegistry();
  readonly contextFilters = new ContextFilters();
  readonly host: SessionHost;
  readonly todos: SessionTodos;
  readonly agent: Agent;
  readonly edits: MessageEdits;
  readonly conversation: Conversation;
  readonly handoffs: SessionHandoffs;
  readonly handoffHint = new HandoffHint();
  /** Tells the model of the files the user changed since its last request (none without a workspace). */
  private readonly userChanges: UserChangeNotes | undefined;

  constructor(
    ports: SessionPorts,
    private readonly settings: SessionSettings,
    log: SessionLog,
    emit: (event: SessionEvent) => void,
  ) {
    const { persistence } = ports;
    const now = ports.now ?? Date.now;
    const makeId = ports.newId ?? newId;
    this.persistence = persistence;
    this.host = new SessionHost(log, { persistence, now, newId: makeId, emit });
    this.todos = new SessionTodos((todos) => emit({ type: 'todos_changed', todos }));
    const { workspace } = ports;
    const userChanges = workspace && this.userChangeNotes(workspace, now);
    this.userChanges = userChanges;
    this.agent = new Agent({
      getModelClient: () => settings.client,
      getModel: () => settings.model,
      getMaxTokens: () => settings.maxTokens,
      getSystemPrompt: () => this.systemPrompt(),
      tools: this.tools.runner(() => this.toolAvailability()),
      getRequestFeatures: () => ({
        thinking: thinkingRequestFor(settings.model, settings.thinking),
        webSearch: settings.webSearch,
        webFetch: settings.webFetch,
        codeExecution: settings.codeExecution,
        ...connectorsOf(this.tools),
      }),
      ...(ports.attachments && { attachments: ports.attachments }),
      contextFilter: this.contextFilters.apply,
      ...(userChanges && { beforeRequest: () => userChanges.beforeRequest() }),
    });
    // The first listener: the log records each event before anyone else hears of it.
    this.agent.subscribe((event) => this.onAgentEvent(event, emit));
    this.edits = new MessageEdits({
      branch: () => this.host.branch(),
      isInternal: isHandoffInstruction,
      emit,
    });
    this.conversation = new Conversation({
      agent: this.agent,
      host: this.host,
      persistence,
      edits: this.edits,
      ...(ports.exclusive && { exclusive: ports.exclusive }),
      model: () => settings.model,
      maxToolRounds: () => settings.maxToolRounds,
      window: () => settings.contextWindow,
      systemPrompt: () => this.systemPrompt(),
      promptTemplates: () => settings.promptTemplates,
      busyElsewhere: () => this.handoffs.isActive,
      beforeSend: () => this.handoffs.dropRestored(),
      followUpsWait: () => this.handoffs.hasAccepted,
      reload: () => this.loadDerivedState(),
      emit,
    });
    this.handoffs = new SessionHandoffs({
      agent: this.agent,
      host: this.host,
      conversation: this.conversation,
      persistence,
      contextFilters: this.contextFilters,
      ...(ports.attachments && { attachments: ports.attachments }),
      settings: () => ({
        client: settings.client,
        model: settings.model,
        window: settings.contextWindow,
        maxTokens: settings.maxTokens,
        redact: (text) => settings.redact(text),
      }),
      systemPrompt: () => this.systemPrompt(),
      tools: () => this.tools.definitions(this.toolAvailability()),
      ...(workspace && { workspaceFiles: () => workspace.tree(this.host.header).list() }),
      enter: (next) => this.enter(next),
      emit,
      now,
      newId: makeId,
    });
    this.tools.register(this.todos.tool());
    this.tools.register(this.handoffs.tool());
    if (ports.recall)
      this.tools.register({
        ...createRecallTool({ port: ports.recall, current: () => this.host.header }),
        // Only where there are earlier sessions to search.
        isAvailable: ({ startedByHandoff }) => startedByHandoff,
      });
    if (workspace) this.registerWorkspaceTools(workspace);
  }

  /** The text editor on the chain's workspace, always; the memory tool while the Memory setting is on. */
  private registerWorkspaceTools(workspace: WorkspacePort): void {
    const sessionId = () => this.host.header.id;
    this.tools.register(createTextEditorTool({ tree: () => workspace.tree(this.host.header), sessionId }));
    this.tools.register(
      createMemoryTool({ tree: () => workspace.memory(), sessionId, enabled: () => this.settings.memory }),
    );
  }

  private userChangeNotes(workspace: WorkspacePort, now: () => number): UserChangeNotes {
    return new UserChangeNotes({
      workspace: () => workspace.tree(this.host.header),
      memory: () => (this.settings.memory ? workspace.memory() : undefined),
      commits: (root) => workspace.commits(root),
      branch: () => this.host.branch(),
      createdAt: () => this.host.header.createdAt,
      now,
    });
  }

  systemPrompt(): string {
    const { startedByHandoff } = this.host;
    return systemPromptFor(
      startedByHandoff,
      startedByHandoff && this.tools.isAvailable(RECALL_TOOL_NAME, this.toolAvailability()),
    );
  }

  private toolAvailability(): ToolAvailability {
    return { startedByHandoff: this.host.startedByHandoff };
  }

  /** Makes `log` the open one with everything derived from it; returns the header left. */
  enter(log: SessionLog): SessionHeader {
    const previous = this.host.enter(log);
    this.conversation.reset();
    this.loadDerivedState();
    return previous;
  }

  /** Rebuilds the context, the todos and a proposal left unanswered from the branch. */
  loadDerivedState(): void {
    const branch = this.host.branch();
    this.conversation.load(branch);
    this.host.forgetStreaming();
    this.todos.load(branch);
    this.handoffs.restore(branch);
    this.handoffHint.reset();
    this.userChanges?.reset();
  }

  /** The note telling the model a handoff would pay, when this reply crossed the user's triggers. */
  private handoffHintAfter(reply: Message): CustomContextMessage | undefined {
    const config = this.settings.handoffHint;
    // Only a reply with its size reported moves the triggers (a stopped or failed one does not).
    if (!config || !reply.usage || reply.stopReason === 'error' || reply.stopReason === 'aborted')
      return undefined;
    const { model, contextWindow } = this.settings;
    return this.handoffHint.after(contextAfterReply(this.host.branch(), model, contextWindow, config));
  }

  private onAgentEvent(event: AgentEvent, emit: (event: SessionEvent) => void): void {
    this.host.record(event);
    if (event.type === 'turn_end') {
      const reminder = this.todos.reminderAfter(event.message);
      if (reminder) this.agent.addPendingNextTurn(reminder);
      const hint = this.handoffHintAfter(event.message);
      if (hint) this.agent.addPendingNextTurn(hint);
    }
    emit(event);
  }
}

/** The request's connector servers, when there are any (none: the request names none). */
function connectorsOf(tools: ToolRegistry): { mcpServers?: McpConnectorServer[] } {
  const servers = tools.connectors();
  return servers.length > 0 ? { mcpServers: servers } : {};
}
