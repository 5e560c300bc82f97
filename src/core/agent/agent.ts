/**
 * The agent loop: sends the context to the model, streams the reply, runs tool
 * calls (each through the tool registry's runner) and repeats until the model stops.
 * It owns the in-memory context and the steering / follow-up / pending-next-turn
 * queues, and reports everything through events; persisting is the listener's business.
 */
import { type AttachmentLoader, type AttachmentPayload, filesOf } from '../attachments/attachmentTypes';
import { thinkingAllowedWith } from '../models/thinking';
import { joinTurns, toApiMessages } from '../session/buildSessionContext';
import type { ContextFilter } from '../session/contextFilters';
import type { ToolRunner } from '../tools/tool';
import type { AgentMessage, ApiMessage, CustomContextMessage, ToolChoice } from '../types/agentMessage';
import type { AttachmentRef } from '../types/attachment';
import type { ContentBlock, Message, ToolResultBlock, ToolUseBlock } from '../types/message';
import type { AgentEvent, AgentListener } from './agentEvents';
import { withContainer } from './containerReuse';
import type { ToolRounds } from './toolRounds';
import { type ModelClient, ModelError, type ModelRequest } from './types';

export interface AgentConfig {
  getModelClient(): ModelClient;
  getModel(): string;
  getMaxTokens(): number;
  getSystemPrompt(): string;
  /** The tools to declare and to run calls through (a ToolRegistry's runner). */
  tools: ToolRunner;
  /** Thinking and server tools for a run; read once per run (see prompt). Default: neither. */
  getRequestFeatures?(): RequestFeatures;
  /** Reads the attachments a request refers to, just before it is sent (see attachmentTypes). */
  attachments?: AttachmentLoader;
  /** What features leave out of requests (see contextFilters.ts); default: nothing. */
  contextFilter?: ContextFilter;
  /**
   * Asked before each request of a conversation's run (not a continuation, not the
   * handoff's document turn): a note to send with it, such as the files the user changed
   * since the last request (core/workspace/userChanges.ts). It must not throw.
   */
  beforeRequest?(): Promise<CustomContextMessage | undefined>;
}

/** What a run asks of the API beyond the conversation and our own tools. */
export type RequestFeatures = Pick<
  ModelRequest,
  'thinking' | 'webSearch' | 'webFetch' | 'codeExecution' | 'mcpServers' | 'container'
>;

export interface AgentRunOptions {
  /** `none` forbids tool use for this run (the tools are still declared). */
  toolChoice?: ToolChoice;
  /**
   * Tool calls are not run but answered with this error, so the model goes on without
   * them (at most MAX_REFUSED_TOOL_ROUNDS times). Unlike `toolChoice: 'none'` the
   * request is the same as every other turn's (tool_choice `auto`), and the API reads
   * its cached conversation back: changing tool_choice would invalidate that cache.
   */
  refuseToolsWith?: string;
  /**
   * A single-turn run (the handoff document) does not take steering messages: they
   * stay queued for the owner to hand back to the user.
   */
  takeSteering?: boolean;
  /**
   * Sent in place of the context before this run's own messages: the handoff sends its
   * transcript this way, condensed when it had to be, while the context (and so the
   * stored session) keeps everything as it was.
   */
  requestPrefix?: ApiMessage[];
  /**
   * Called with the reply the run ends on (no error, not stopped, nothing run or asked
   * after it), just before its message_end: the handoff captures its document here.
   */
  onLastReply?(reply: Message): void;
  /**
   * The bound on tool rounds (see toolRounds.ts): once `limit` rounds have run, the run
   * ends after answering them, before sending them back; agent_end says so. None: no bound.
   */
  toolRounds?: ToolRounds;
}

export interface AgentRunOutcome {
  /** Set when the run paused at its bound on tool rounds, every call answered. */
  toolRoundLimit?: ToolRounds;
}

export const AGENT_BUSY_MESSAGE = 'A reply is still being written. Stop it with Esc first.';

/** How often one run continues a turn the API paused before it leaves the rest to the user. */
export const MAX_PAUSE_CONTINUATIONS = 3;

/** How often one run answers refused tool calls before it ends with what the model wrote. */
export const MAX_REFUSED_TOOL_ROUNDS = 2;

export class AgentBusyError extends Error {
  override readonly name = 'AgentBusyError';
  constructor() {
    super(AGENT_BUSY_MESSAGE);
  }
}

/**
 * A user turn: attached files first (the API's vision page: images before the question
 * read best), then the text, left out when there is none beside the files.
 */
export function userMessage(text: string, attachments: readonly AttachmentRef[] = []): Message {
  const files = attachments.map((attachment): ContentBlock => ({ type: 'attachment', attachment }));
  if (files.length > 0 && text.trim() === '') return { role: 'user', content: files };
  return { role: 'user', content: [...files, { type: 'text', text }] };
}

export class Agent {
  private context: AgentMessage[] = [];
  private readonly listeners = new Set<AgentListener>();
  private controller: AbortController | undefined;
  private readonly steering: string[] = [];
  private readonly followUps: string[] = [];
  private readonly pendingNextTurn: CustomContextMessage[] = [];

  constructor(private readonly config: AgentConfig) {}

  get messages(): readonly AgentMessage[] {
    return this.context;
  }

  get isStreaming(): boolean {
    return this.controller !== undefined;
  }

  get steeringQueue(): readonly string[] {
    return this.steering;
  }

  get followUpQueue(): readonly string[] {
    return this.followUps;
  }

  get pendingNextTurnMessages(): readonly CustomContextMessage[] {
    return this.pendingNextTurn;
  }

  subscribe(listener: AgentListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: AgentEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  replaceMessages(messages: readonly AgentMessage[]): void {
    this.context = [...messages];
  }

  /** Forget the context and every queue (a new session). */
  reset(): void {
    this.context = [];
    this.clearQueues();
  }

  steer(text: string): void {
    this.steering.push(text);
    this.emit({ type: 'queue_update' });
  }

  followUp(text: string): void {
    this.followUps.push(text);
    this.emit({ type: 'queue_update' });
  }

  removeQueued(kind: 'steering' | 'followUp', index: number): string | undefined {
    const queue = kind === 'steering' ? this.steering : this.followUps;
    const [removed] = queue.splice(index, 1);
    this.emit({ type: 'queue_update' });
    return removed;
  }

  takeNextFollowUp(): string | undefined {
    const next = this.followUps.shift();
    if (next !== undefined) this.emit({ type: 'queue_update' });
    return next;
  }

  addPendingNextTurn(message: CustomContextMessage): void {
    this.pendingNextTurn.push(message);
  }

  /** Empties every queue and returns the text the user had typed into them. */
  clearQueues(): { steering: string[]; followUps: string[] } {
    const taken = { steering: this.steering.splice(0), followUps: this.followUps.splice(0) };
    this.pendingNextTurn.length = 0;
    this.emit({ type: 'queue_update' });
    return taken;
  }

  abort(): void {
    this.controller?.abort();
  }

  /**
   * Runs the agent on `input` until the model stops, fails or is aborted, or reaches its
   * bound on tool rounds (then resolves with where they stand; see toolRounds.ts).
   */
  async prompt(
    input: AgentMessage | AgentMessage[],
    options: AgentRunOptions = {},
  ): Promise<AgentRunOutcome> {
    if (this.controller) throw new AgentBusyError();
    const controller = new AbortController();
    this.controller = controller;
    const added: AgentMessage[] = [];
    let error: ModelError | undefined;
    let continuations = 0;
    let refusedRounds = 0;
    let toolRounds = options.toolRounds && { ...options.toolRounds };
    let roundLimitReached = false;
    // One thinking configuration per run: a tool loop is one assistant turn to the API,
    // and changing it mid-loop would orphan the thinking the loop has to send back.
    const toolChoice = options.toolChoice ?? 'auto';
    const features = { ...this.config.getRequestFeatures?.() };
    if (!thinkingAllowedWith(toolChoice)) delete features.thinking;
    this.emit({ type: 'agent_start' });
    try {
      let inputs: AgentMessage[] = Array.isArray(input) ? input : [input];
      let continuing = false;
      for (;;) {
        if (!continuing && !options.requestPrefix && this.config.beforeRequest) {
          const note = await this.config.beforeRequest();
          if (note) this.pendingNextTurn.push(note);
        }
        // A continuation sends the paused turn back as the last message: nothing may follow it.
        const next = continuing ? [] : [...this.pendingNextTurn.splice(0), ...inputs];
        for (const message of next) this.add(message, added);
        inputs = [];
        continuing = false;
        const messages = options.requestPrefix
          ? joinTurns(options.requestPrefix, toApiMessages(added, this.config.contextFilter))
          : toApiMessages(this.context, this.config.contextFilter);
        const requested = withContainer(features, this.context, Date.now());
        const reply = await this.streamReply(controller.signal, toolChoice, messages, requested);
        error = reply.error;
        if (error || reply.message.stopReason === 'aborted') {
          this.add(reply.message, added, true);
          this.emit({ type: 'turn_end', message: reply.message, toolResults: [] });
          break;
        }
        // A run that forbade tool use ends with its reply: a call the model made anyway
        // is not honoured. A run that refuses tools says so and lets the model go on, a
        // bounded number of times (the handoff's document turn must not change todos).
        const runsTools =
          options.refuseToolsWith === undefined &&
          options.toolChoice !== 'none' &&
          toolCalls(reply.message).length > 0;
        let toolResults: Message[] = [];
        if (options.refuseToolsWith !== undefined && refusedRounds < MAX_REFUSED_TOOL_ROUNDS) {
          toolResults = refuseTools(reply.message, options.refuseToolsWith);
          if (toolResults.length > 0) refusedRounds++;
        }
        // With no tool to run, what follows the reply is known before it is recorded, so a
        // reply the run ends with is announced first (the handoff's document: see onLastReply).
        let step = runsTools ? undefined : this.stepAfter(reply.message, toolResults, continuations, options);
        if (step === 'end') options.onLastReply?.(reply.message);
        this.add(reply.message, added, true);
        let endsRun = false;
        if (runsTools) {
          if (toolRounds) {
            toolRounds = { ...toolRounds, done: toolRounds.done + 1 };
            this.emit({ type: 'tool_round', rounds: toolRounds });
          }
          ({ results: toolResults, endsRun } = await this.runTools(reply.message, controller.signal));
        }
        for (const result of toolResults) this.add(result, added);
        this.emit({ type: 'turn_end', message: reply.message, toolResults });
        if (controller.signal.aborted || endsRun) break;
        step ??= this.stepAfter(reply.message, toolResults, continuations, options);
        if (step === 'end') break;
        // The limit: every call of the last round is answered, so the transcript is whole
        // and a later run (Continue) or message may follow it.
        if (runsTools && toolRounds && toolRounds.done >= toolRounds.limit) {
          roundLimitReached = true;
          break;
        }
        if (step === 'continue') {
          continuations++;
          continuing = true;
        } else if (step === 'steer') {
          inputs = this.steering.splice(0).map((text) => userMessage(text));
          this.emit({ type: 'queue_update' });
        }
        // 'answer': the tool results go back to the model.
      }
    } finally {
      this.controller = undefined;
      this.emit({
        type: 'agent_end',
        messages: added,
        aborted: controller.signal.aborted,
        ...(error && { error }),
        ...(roundLimitReached && toolRounds && { toolRoundLimit: toolRounds }),
      });
    }
    return roundLimitReached && toolRounds ? { toolRoundLimit: toolRounds } : {};
  }

  /** What follows a reply once its tool calls (if any) are answered. */
  private stepAfter(
    reply: Message,
    toolResults: readonly Message[],
    continuations: number,
    options: AgentRunOptions,
  ): 'continue' | 'steer' | 'answer' | 'end' {
    // The API paused a long turn (server tools): sending it back lets the model go on.
    if (reply.stopReason === 'pause_turn' && continuations < MAX_PAUSE_CONTINUATIONS) return 'continue';
    if (options.takeSteering !== false && this.steering.length > 0) return 'steer';
    return toolResults.length > 0 ? 'answer' : 'end';
  }

  /** Adds a finished message to the context. Assistant messages already had their start. */
  private add(message: AgentMessage, added: AgentMessage[], started = false): void {
    this.context.push(message);
    added.push(message);
    if (!started) this.emit({ type: 'message_start', message });
    this.emit({ type: 'message_end', message });
  }

  private async streamReply(
    signal: AbortSignal,
    toolChoice: ToolChoice,
    messages: ApiMessage[],
    features: RequestFeatures,
  ): Promise<{ message: Message; error?: ModelError }> {
    const model = this.config.getModel();
    let partial: Message = { role: 'assistant', content: [], stopReason: 'streaming', model };
    this.emit({ type: 'message_start', message: partial });
    try {
      const attachments = await this.loadAttachments(messages);
      const message = await this.config.getModelClient().stream(
        {
          model,
          system: this.config.getSystemPrompt(),
          messages,
          tools: this.config.tools.definitions(),
          toolChoice,
          maxTokens: this.config.getMaxTokens(),
          signal,
          ...features,
          ...(attachments && { attachments }),
        },
        (update) => {
          // Buffered events keep arriving after an abort; the user already saw it stop.
          if (signal.aborted) return;
          partial = update;
          this.emit({ type: 'message_update', message: update });
        },
      );
      // A client that ignores its signal must not turn a user's stop into a success.
      if (signal.aborted && message.stopReason !== 'aborted')
        return { message: { ...partial, stopReason: 'aborted' } };
      return { message };
    } catch (caught) {
      if (signal.aborted) return { message: { ...partial, stopReason: 'aborted' } };
      const error =
        caught instanceof ModelError
          ? caught
          : new ModelError('unknown', caught instanceof Error ? caught.message : String(caught));
      const base = error.partial ?? partial;
      const failed: Message = {
        ...base,
        stopReason: 'error',
        errorMessage: error.message,
        errorKind: error.kind,
      };
      // Kept on the message, so the meter and the Hand off action outlive a reload.
      if (error.kind === 'context_overflow') failed.contextOverflow = error.overflow ?? {};
      return { message: failed, error };
    }
  }

  /** The payloads of the attachments `messages` refer to; none read when there are none. */
  private async loadAttachments(messages: ApiMessage[]): Promise<Map<string, AttachmentPayload> | undefined> {
    const ids = attachmentIds(messages);
    if (ids.length === 0 || !this.config.attachments) return undefined;
    return this.config.attachments.load(ids);
  }

  /** Runs the reply's tool calls; `endsRun` when one of them asked to end the run (see ToolExecutionResult). */
  private async runTools(
    message: Message,
    signal: AbortSignal,
  ): Promise<{ results: Message[]; endsRun: boolean }> {
    const calls = toolCalls(message);
    if (calls.length === 0) return { results: [], endsRun: false };
    // Every call through the registry (hooks, refusals and failures included), asked together, run in order.
    const ran = await this.config.tools.runAll(calls, signal);
    const results = calls.map(
      (call, index): ToolResultBlock => ({
        type: 'tool_result',
        tool_use_id: call.id,
        content: ran[index]?.content ?? '',
        ...(ran[index]?.isError === true && { is_error: true }),
      }),
    );
    return {
      results: [{ role: 'toolResult', content: results }],
      endsRun: ran.some((r) => r.endsRun === true),
    };
  }
}

/** The calls a reply asks to have run: only a reply that stopped to use a tool asks. */
function toolCalls(message: Message): ToolUseBlock[] {
  if (message.stopReason !== 'tool_use') return [];
  return message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
}

/** Each call answered with `text` as an error, none run. */
function refuseTools(message: Message, text: string): Message[] {
  const calls = toolCalls(message);
  if (calls.length === 0) return [];
  return [
    {
      role: 'toolResult',
      content: calls.map((call) => ({
        type: 'tool_result',
        tool_use_id: call.id,
        content: text,
        is_error: true,
      })),
    },
  ];
}

/** Every attachment a request refers to, once each, in order. */
export function attachmentIds(messages: readonly ApiMessage[]): string[] {
  const ids = new Set<string>();
  for (const message of messages) {
    for (const file of filesOf(message.content)) ids.add(file.id);
  }
  return [...ids];
}
