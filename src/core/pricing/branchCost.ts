/**
 * The inputs costFigures needs, read off a session's branch: the previous request's
 * prompt (what the cache holds), the outputs of the recent replies, and the sizes of a
 * handoff from here. One place, so the meter, the preview, the banner and auto-handoff
 * price the same turn the same way (docs/handoff.md, "What continuing and handing off cost").
 */
import { estimateTextTokens } from '../context/estimateTokens';
import { HANDOFF_CUSTOM_TYPE } from '../handoff/handoffMarkers';
import { isCustomMessageEntry, isMessageEntry, type SessionEntry } from '../types/entry';
import { expectedOutputTokens } from './allowances';
import type { ContextSize, HandoffSizes, NextTurnInput } from './costFigures';
import { promptTokens } from './priceSchedule';

export interface BranchCostFacts {
  /** The newest finished reply's prompt: input, cache reads and cache writes; 0 before any. */
  cachedPrefix: number;
  /** The newest finished reply's whole size (prompt and output) as reported; 0 before any. */
  reportedContext: number;
  /** Output tokens of the branch's finished replies, oldest first (thinking included). */
  replyOutputs: number[];
  /** Tokens of the handoff document this session started from, if it did (an estimate). */
  documentTokens?: number;
}

export function branchCostFacts(branch: readonly SessionEntry[]): BranchCostFacts {
  let cachedPrefix = 0;
  let reportedContext = 0;
  const replyOutputs: number[] = [];
  let documentTokens: number | undefined;
  for (const entry of branch) {
    if (isCustomMessageEntry(entry) && entry.customType === HANDOFF_CUSTOM_TYPE) {
      documentTokens = estimateTextTokens(entry.content);
      continue;
    }
    if (!isMessageEntry(entry)) continue;
    const { message } = entry;
    if (message.role !== 'assistant' || message.stopReason === 'streaming' || !message.usage) continue;
    const prompt = promptTokens(message.usage);
    if (prompt > 0) {
      cachedPrefix = prompt;
      reportedContext = prompt + message.usage.output;
    }
    if (message.usage.output > 0) replyOutputs.push(message.usage.output);
  }
  return {
    cachedPrefix,
    reportedContext,
    replyOutputs,
    ...(documentTokens !== undefined && { documentTokens }),
  };
}

/**
 * The next turn as costFigures takes it: `used` tokens of context (the meter's count plus
 * anything about to be sent), `exact` when all of it is the API's own count.
 */
export function nextTurnInput(
  facts: BranchCostFacts,
  used: number,
  exact: boolean,
  handoff?: HandoffSizes,
): NextTurnInput {
  const context: ContextSize = { tokens: used, cachedPrefix: facts.cachedPrefix, exact };
  return {
    context,
    outputTokens: Math.round(expectedOutputTokens(facts.replyOutputs)),
    ...(handoff && { handoff }),
  };
}
