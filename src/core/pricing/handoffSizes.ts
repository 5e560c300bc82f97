/**
 * The sizes of a handoff from a branch, for the preview and the chain's savings: apart
 * from branchCost.ts because the handoff prompt's text is not needed at first paint.
 */
import { estimateTextTokens } from '../context/estimateTokens';
import { buildHandoffPrompt, wrapHandoffDocument } from '../handoff/handoffPrompt';
import { systemPromptFor } from '../systemPrompt';
import { expectedDocumentTokens } from './allowances';
import type { BranchCostFacts } from './branchCost';
import type { HandoffSizes } from './costFigures';

/**
 * A new session's start without its document: the system prompt of a session started by
 * a handoff and the document's wrapper. Estimated: it is a few thousand tokens at most.
 */
export function handoffBaseTokens(): number {
  return estimateTextTokens(systemPromptFor(true)) + estimateTextTokens(wrapHandoffDocument(''));
}

/** The sizes of a handoff from this branch; `thinkingTokens` is 0 with thinking off. */
export function handoffSizesOf(facts: BranchCostFacts, thinkingTokens: number): HandoffSizes {
  const documents = facts.documentTokens === undefined ? [] : [facts.documentTokens];
  return {
    baseTokens: handoffBaseTokens(),
    documentTokens: Math.round(expectedDocumentTokens(documents)),
    instructionTokens: estimateTextTokens(buildHandoffPrompt()),
    thinkingTokens,
  };
}
