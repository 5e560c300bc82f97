/**
 * Makes a handoff request fit the model's window, oldest context first (spec, "When the
 * conversation no longer fits"), each stage only while the request still does not fit:
 *
 *   0. old attached files → a line naming each (condenseStages.replaceOldAttachments);
 *   1. old tool results → one-line placeholders (condenseStages.clearOldToolResults),
 *      MCP and other client tools' and the API's server tools' (web search, web fetch,
 *      code execution) alike, before any of the user's or the model's own words;
 *   2. old thinking blocks would go next; Baton does not keep thinking blocks yet;
 *   3. the older middle → notes, written by the model chunk by chunk (each chunk a
 *      request that fits on its own), again over the notes if they are still too long;
 *   4. first user message + notes + the newest whole turns.
 *
 * Only the request is condensed: the caller's messages and the stored session are
 * never touched. Every model call takes the caller's signal, so Esc stops any pass.
 */
import { ModelError } from '../agent/types';
import { CHARS_PER_TOKEN, estimateMessagesTokens, estimateTextTokens } from '../context/estimateTokens';
import type { ApiMessage } from '../types/agentMessage';
import { buildCondensePrompt } from './condensePrompt';
import {
  assembleCondensed,
  chunkText,
  chunkTurns,
  clearOldToolResults,
  clipMiddle,
  notesBlockText,
  planSummary,
  replaceOldAttachments,
} from './condenseStages';

export interface CondenseReport {
  /** Tokens of the whole conversation before condensing, as counted or estimated. */
  tokensBefore?: number;
  /** Attached files left out of the request, each named by a line in its place. */
  attachmentsReplaced?: number;
  toolResultsCleared: number;
  messagesSummarised: number;
  /** Summarising requests made (one per chunk, more when the notes needed a second pass). */
  passes: number;
}

/** Asks the model for notes on `prompt`, at most `maxTokens` long. Rejects with a ModelError. */
export type Summariser = (prompt: string, maxTokens: number, signal: AbortSignal) => Promise<string>;

export interface CondenseInput {
  messages: ApiMessage[];
  /** Tokens the request needs besides `messages`: system prompt, tools, the instruction. */
  fixedTokens: number;
  /** Tokens the whole request's input may use (the window less room for the reply). */
  budget: number;
  /** The longest notes one summarising request may ask for. */
  maxSummaryTokens: number;
  summarise: Summariser;
  signal: AbortSignal;
  /** A pass is about to run: `done` finished so far of `total` known now. */
  onProgress?: (done: number, total: number) => void;
}

export interface CondenseResult {
  messages: ApiMessage[];
  /** Absent when the request fitted as it was (then `messages` is the input itself). */
  report?: CondenseReport;
}

/** Summaries of summaries at most this deep; then the notes are clipped. */
const MAX_NOTE_LEVELS = 3;
/** Smallest note allowance per chunk worth asking for. */
const MIN_NOTE_TOKENS = 128;
/** The condensing instruction and system prompt around a chunk, generously counted. */
const SUMMARY_OVERHEAD_TOKENS = estimateTextTokens(buildCondensePrompt('', 99, 99)) + 80;

export class CondenseCancelled extends Error {
  override readonly name = 'CondenseCancelled';
  constructor() {
    super('Condensing was cancelled');
  }
}

export async function condenseForHandoff(input: CondenseInput): Promise<CondenseResult> {
  const budget = Math.max(0, input.budget - input.fixedTokens);
  if (estimateMessagesTokens(input.messages) <= budget) return { messages: input.messages };

  const stage0 = replaceOldAttachments(input.messages, budget);
  // Reported only when a file went, so reports of conversations without files stay as they were.
  const files = stage0.replaced > 0 ? { attachmentsReplaced: stage0.replaced } : {};
  if (estimateMessagesTokens(stage0.messages) <= budget)
    return {
      messages: stage0.messages,
      report: { ...files, toolResultsCleared: 0, messagesSummarised: 0, passes: 0 },
    };
  const stage1 = clearOldToolResults(stage0.messages, budget);
  if (estimateMessagesTokens(stage1.messages) <= budget)
    return {
      messages: stage1.messages,
      report: { ...files, toolResultsCleared: stage1.cleared, messagesSummarised: 0, passes: 0 },
    };

  const plan = planSummary(stage1.messages, budget);
  const summariser = new ChunkSummariser(input);
  let notes = plan.middle.length === 0 ? undefined : await summariser.notesFor(plan.middle, plan.notesBudget);
  let messages = assembleCondensed(plan, notes, plan.middle.length);
  // Estimates of the parts and of the whole differ by a few tokens of framing: trim the
  // notes by the excess, and as a last resort leave them out.
  for (let attempt = 0; notes !== undefined && estimateMessagesTokens(messages) > budget; attempt++) {
    const excess = estimateMessagesTokens(messages) - budget;
    notes =
      attempt < 3
        ? clipMiddle(notes, Math.max(0, notes.length - Math.ceil(excess * CHARS_PER_TOKEN) - 200))
        : undefined;
    messages = assembleCondensed(plan, notes, plan.middle.length);
  }
  return {
    messages,
    report: {
      ...files,
      toolResultsCleared: stage1.cleared,
      messagesSummarised: plan.middle.length,
      passes: summariser.passes,
    },
  };
}

/** Runs the summarising requests of stage 3 and counts them. */
class ChunkSummariser {
  passes = 0;
  private total = 0;

  constructor(private readonly input: CondenseInput) {}

  /** Notes on `middle` that fit `notesBudget` tokens. */
  async notesFor(middle: ApiMessage[], notesBudget: number): Promise<string> {
    const perRequest = Math.max(MIN_NOTE_TOKENS * 4, this.input.budget - SUMMARY_OVERHEAD_TOKENS);
    let chunks = chunkTurns(
      middle,
      this.chunkBudget(perRequest, notesBudget, estimateMessagesTokens(middle)),
    );
    let notes = '';
    for (let level = 0; level < MAX_NOTE_LEVELS; level++) {
      notes = (await this.summariseAll(chunks, Math.floor(notesBudget / chunks.length))).join('\n\n');
      if (estimateTextTokens(notesBlockText(notes, 0)) <= notesBudget) return notes;
      // Still too long: the notes themselves become the text to condense.
      chunks = chunkText(notes, this.chunkBudget(perRequest, notesBudget, estimateTextTokens(notes)));
    }
    return clipMiddle(notes, Math.floor(notesBudget * CHARS_PER_TOKEN) - 400);
  }

  /** A chunk size that leaves each chunk's notes their share of `notesBudget`. */
  private chunkBudget(perRequest: number, notesBudget: number, textTokens: number): number {
    const chunks = Math.max(1, Math.ceil(textTokens / perRequest));
    const noteShare = this.noteTokens(Math.floor(notesBudget / chunks));
    return Math.max(MIN_NOTE_TOKENS, perRequest - noteShare);
  }

  private noteTokens(share: number): number {
    return Math.min(this.input.maxSummaryTokens, Math.max(MIN_NOTE_TOKENS, share));
  }

  private async summariseAll(chunks: string[], share: number): Promise<string[]> {
    const maxTokens = this.noteTokens(share);
    const start = this.total;
    this.total += chunks.length;
    const notes: string[] = [];
    for (let i = 0; i < chunks.length; i++) {
      notes.push(await this.summariseOne(chunks[i] ?? '', start + i + 1, this.total, maxTokens));
    }
    return notes;
  }

  private async summariseOne(chunk: string, part: number, parts: number, maxTokens: number): Promise<string> {
    const { signal } = this.input;
    if (signal.aborted) throw new CondenseCancelled();
    this.input.onProgress?.(part - 1, parts);
    this.passes++;
    try {
      const notes = await this.input.summarise(buildCondensePrompt(chunk, part, parts), maxTokens, signal);
      if (signal.aborted) throw new CondenseCancelled();
      return notes.trim();
    } catch (error) {
      if (signal.aborted) throw new CondenseCancelled();
      // Our estimate was low for this text: the API said so. Halve the chunk and go on.
      if (error instanceof ModelError && error.kind === 'context_overflow' && chunk.length > 400) {
        const halves = chunkText(chunk, Math.ceil(estimateTextTokens(chunk) / 2));
        this.total += halves.length - 1;
        const parts: string[] = [];
        for (const half of halves) parts.push(await this.summariseOne(half, part, this.total, maxTokens));
        return parts.join('\n');
      }
      throw error;
    }
  }
}
