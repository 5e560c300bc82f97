/**
 * Builds the handoff request so that it fits the model's window: the transcript (without
 * unanswered and unfinished turns), the instruction naming any pending request, and,
 * when the whole would not fit, the transcript condensed oldest first.
 *
 * Whether it fits is estimated (calibrated by the last size the API reported for this
 * conversation) and, near the line, counted by the API when the client can count.
 */

import { attachmentIds } from '../agent/agent';
import { type ModelClient, ModelError } from '../agent/types';
import { describeAttachment } from '../attachments/attachmentText';
import type { AttachmentLoader } from '../attachments/attachmentTypes';
import { contextTokensUsed } from '../context/contextWindow';
import {
  CHARS_PER_TOKEN,
  estimateMessagesTokens,
  estimateTextTokens,
  estimateTurnTokens,
} from '../context/estimateTokens';
import { contextOverflowSentence, overflowOf } from '../context/lengthRefusal';
import { MIN_THINKING_BUDGET, thinkingRequestFor } from '../models/thinking';
import { joinTurns, toApiMessages } from '../session/buildSessionContext';
import type { ContextFilter } from '../session/contextFilters';
import { type AgentMessage, type ApiMessage, newestReply, type ToolDefinition } from '../types/agentMessage';
import { textOf } from '../types/messageText';
import type { ThinkingSetting } from '../types/thinking';
import { attachedFiles } from './attachedFiles';
import { type CondenseReport, condenseForHandoff } from './condenseForHandoff';
import { CONDENSE_SYSTEM_PROMPT } from './condensePrompt';
import { clipMiddle } from './condenseStages';
import { handoffContextFilter } from './handoffAttempts';
import { buildHandoffPrompt } from './handoffPrompt';
import { handoffTranscript } from './handoffTranscript';
import { toolsUsed } from './toolsUsed';
import type { ListedFile } from './workspaceListing';

export interface PrepareHandoffInput {
  /** The agent's context: the session's branch as the model sees it. */
  context: readonly AgentMessage[];
  system: string;
  tools: ToolDefinition[];
  model: string;
  /** The model's context window in tokens. */
  window: number;
  /** max_tokens of a reply: room kept free for the document. */
  maxTokens: number;
  client: ModelClient;
  /** The user's focus (trimmed, redacted). */
  focus?: string;
  /** Removes secrets from text that is sent (the pending request). */
  redact(text: string): string;
  signal: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Above 1 after the API refused an earlier attempt for length: assume this much more than estimated. */
  squeeze?: number;
  /** Reads attached files, so the API counts a request with them as it will be sent. */
  attachments?: AttachmentLoader;
  /** What the session's requests leave out (see contextFilters.ts); default: the handoff's own rules. */
  contextFilter?: ContextFilter;
  /** The files of the chain's workspace, listed in the instruction. */
  workspaceFiles?: readonly ListedFile[];
}

export interface PreparedHandoff {
  /** The instruction, as the user turn the old session records. */
  prompt: string;
  /** The conversation to send before the instruction, condensed if it had to be. */
  transcript: ApiMessage[];
  /** The request that got no answer, as the user typed it (for the new composer). */
  pendingRequest?: string;
  condensed?: CondenseReport;
}

/** Of the window, what a request may fill: a tenth stays free for estimate error. */
const FILL = 0.9;
/** Counting by the API is worth a request when the estimate is this close to the budget. */
const COUNT_MARGIN = 0.1;
/** Condense again with a tighter budget at most this often when the API's count disagrees. */
const MAX_RECOUNTS = 2;
/** Of the budget, what the pending request named in the instruction may take. */
const PENDING_SHARE = 0.1;

export function handoffBudget(window: number, maxTokens: number): number {
  return Math.floor(window * FILL) - Math.min(maxTokens, Math.floor(window / 4));
}

export async function prepareHandoffRequest(given: PrepareHandoffInput): Promise<PreparedHandoff> {
  const input = { ...given, contextFilter: given.contextFilter ?? handoffContextFilter };
  const { messages, pendingRequest } = handoffTranscript(input.context);
  const budget = handoffBudget(
    Math.min(input.window, refusedLimit(input.context, input.model) ?? input.window),
    input.maxTokens,
  );
  const transcript = toApiMessages(messages, input.contextFilter);
  const prompt = buildHandoffPrompt({
    ...(input.focus && { focus: input.focus }),
    attachments: attachedFiles(messages).map(describeAttachment),
    // Read before condensing: a call whose turn gets summarised was still made.
    tools: toolsUsed(transcript),
    ...(input.workspaceFiles && { workspaceFiles: input.workspaceFiles }),
    // Often the refused request is what overflowed (a pasted log): named whole, it would
    // overflow the handoff too. Its start and end name it; the composer gets it whole.
    // Redacted first, so a clip cannot leave half a key behind.
    ...(pendingRequest && {
      pendingRequest: clipMiddle(
        input.redact(pendingRequest),
        Math.floor(budget * PENDING_SHARE * CHARS_PER_TOKEN),
      ),
    }),
  });
  const instruction: ApiMessage = { role: 'user', content: [{ type: 'text', text: prompt }] };
  const fixed =
    estimateTextTokens(input.system) +
    estimateTextTokens(JSON.stringify(input.tools)) +
    estimateTurnTokens(instruction);
  const whole = fixed + estimateMessagesTokens(transcript);
  let scale = calibration(input) * (input.squeeze ?? 1);
  // Refused without a count (a 413, a gateway's limit): whatever we estimate, it did not
  // fit, so assume it is at least a quarter over.
  const newest = newestReply(input.context);
  const refusal = newest && sameModel(newest, input.model) && overflowOf(newest);
  if (refusal && refusal.tokens === undefined) scale = Math.max(scale, (budget * 1.25) / whole);
  // Counted as it will be sent: the instruction joins a transcript that ends with a user
  // turn (tool results, or condensed notes), else the API refuses the count as invalid.
  const count = (turns: ApiMessage[]) => countTokens(input, joinTurns(turns, [instruction]));

  const estimated = whole * scale;
  const counted = Math.abs(estimated - budget) <= budget * COUNT_MARGIN ? await count(transcript) : undefined;
  if ((counted ?? estimated) <= budget)
    return { prompt, transcript, ...(pendingRequest && { pendingRequest }) };
  if (counted !== undefined) scale = Math.max(scale, counted / whole);

  // Passes of earlier rounds still count, on the progress line and on the card.
  let passesBefore = 0;
  const onProgress = input.onProgress;
  for (let round = 0; ; round++) {
    const offset = passesBefore;
    const result = await condenseForHandoff({
      messages: transcript,
      fixedTokens: fixed,
      budget: Math.floor(budget / scale),
      maxSummaryTokens: input.maxTokens,
      signal: input.signal,
      ...(onProgress && { onProgress: (done, total) => onProgress(done + offset, total + offset) }),
      summarise: (text, maxTokens, signal) => summarise(input, text, maxTokens, signal),
    });
    const check = round < MAX_RECOUNTS ? await count(result.messages) : undefined;
    if (check === undefined || check <= budget) {
      return {
        prompt,
        transcript: result.messages,
        ...(pendingRequest && { pendingRequest }),
        // The size that did not fit, for the card's "Before": the request that was sent is smaller.
        ...(result.report && {
          condensed: {
            ...result.report,
            passes: result.report.passes + passesBefore,
            tokensBefore: Math.round(counted ?? estimated),
          },
        }),
      };
    }
    // The API counts more than we estimated: tighten by what it said and go again. By its
    // count against our estimate of this very request: the condensed request may fill less
    // than its budget, and then check / budget would not tighten enough.
    scale = (check / (fixed + estimateMessagesTokens(result.messages))) * 1.05;
    passesBefore += result.report?.passes ?? 0;
  }
}

/**
 * The maximum the API named when it last refused this conversation for length with
 * `model`: it outranks our table. Keyed by model: another model's limit says nothing of
 * this one's window (a 200k refusal must not shrink a 1M model's handoff).
 */
function refusedLimit(context: readonly AgentMessage[], model: string): number | undefined {
  for (let i = context.length - 1; i >= 0; i--) {
    const message = context[i];
    if (message?.role === 'assistant' && sameModel(message, model) && message.contextOverflow?.limit)
      return message.contextOverflow.limit;
  }
  return undefined;
}

/** The reply came from `model`; one stored without a model (older data) counts as it, erring towards condensing. */
function sameModel(reply: { model?: string }, model: string): boolean {
  return reply.model === undefined || reply.model === model;
}

/** How much the API's counts for this conversation exceeded our estimate (at least 1). */
function calibration({ context, system, tools, contextFilter }: PrepareHandoffInput): number {
  for (let i = context.length - 1; i >= 0; i--) {
    const message = context[i];
    if (message?.role !== 'assistant' || message.stopReason === 'streaming') continue;
    const reported =
      message.contextOverflow?.tokens ??
      (message.usage ? contextTokensUsed(message.usage) - message.usage.output : 0);
    if (!reported) continue;
    const estimate =
      estimateTextTokens(system) +
      estimateTextTokens(JSON.stringify(tools)) +
      estimateMessagesTokens(toApiMessages(context.slice(0, i), contextFilter));
    return estimate > 0 ? Math.max(1, reported / estimate) : 1;
  }
  return 1;
}

async function countTokens(input: PrepareHandoffInput, messages: ApiMessage[]): Promise<number | undefined> {
  if (!input.client.countTokens) return undefined;
  try {
    const ids = attachmentIds(messages);
    const attachments = ids.length > 0 ? await input.attachments?.load(ids) : undefined;
    return await input.client.countTokens({
      model: input.model,
      system: input.system,
      tools: input.tools,
      messages,
      signal: input.signal,
      ...(attachments && { attachments }),
    });
  } catch {
    // A gateway without count_tokens, or a network blip: the estimate will do.
    return undefined;
  }
}

const LEAST_THINKING: ThinkingSetting = { enabled: false, budgetTokens: MIN_THINKING_BUDGET, effort: 'low' };

async function summarise(
  input: PrepareHandoffInput,
  prompt: string,
  maxTokens: number,
  signal: AbortSignal,
): Promise<string> {
  const reply = await input.client.stream(
    {
      model: input.model,
      system: CONDENSE_SYSTEM_PROMPT,
      messages: [{ role: 'user', content: [{ type: 'text', text: prompt }] }],
      tools: [],
      toolChoice: 'none',
      maxTokens,
      signal,
      // Notes need no deliberation: thinking as little as the model allows keeps every
      // token of `maxTokens` for the notes and the cost down.
      thinking: thinkingRequestFor(input.model, LEAST_THINKING),
    },
    () => {},
  );
  // The window filled up while the notes were being written: our estimate of this part was
  // low. Said as the API says a refused prompt, so the driver splits the part and goes on
  // instead of keeping notes on only its start.
  if (reply.stopReason === 'model_context_window_exceeded')
    throw new ModelError('context_overflow', contextOverflowSentence({}), undefined, reply);
  return textOf(reply);
}
