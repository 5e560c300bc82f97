/**
 * The model's handoff proposal waiting for the user (see handoffTool.ts). A live one is
 * a tool call whose run stays open until the user answers; one found after a reload (its
 * tool_use stored with no answer) is shown again and answered through the session, so a
 * proposal is never lost silently.
 */
import type { SessionEntry } from '../types/entry';
import { isMessageEntry } from '../types/entry';
import { HANDOFF_TOOL_NAME, type HandoffProposalAnswer, type HandoffProposalInput } from './handoffTool';

/** A proposal as the user sees it: restored ones have no open run behind them. */
export interface HandoffProposal extends HandoffProposalInput {
  toolUseId: string;
  restored: boolean;
}

export class HandoffProposals {
  private live: { proposal: HandoffProposal; resolve: (answer: HandoffProposalAnswer) => void } | undefined;
  private restoredProposal: HandoffProposal | undefined;
  private acceptedFocus: string | undefined;

  constructor(private readonly onChange: (proposal: HandoffProposal | undefined) => void) {}

  get pending(): HandoffProposal | undefined {
    return this.live?.proposal ?? this.restoredProposal;
  }

  /**
   * The tool's question to the user (`toolUseId`: the call it answers); resolves with the
   * answer, declined if the run is stopped meanwhile.
   */
  ask(input: HandoffProposalInput, signal: AbortSignal, toolUseId: string): Promise<HandoffProposalAnswer> {
    return new Promise((resolve) => {
      const proposal: HandoffProposal = { ...input, toolUseId, restored: false };
      this.restoredProposal = undefined;
      this.live = { proposal, resolve };
      signal.addEventListener('abort', () => this.answer({ accepted: false }), { once: true });
      this.onChange(proposal);
    });
  }

  /**
   * Answers the pending proposal. Returns the proposal answered (undefined if none). A
   * live one resolves its tool call; an accepted one leaves its focus for takeAccepted().
   */
  answer(answer: HandoffProposalAnswer): HandoffProposal | undefined {
    const pending = this.pending;
    if (!pending) return undefined;
    if (answer.accepted) this.acceptedFocus = answer.focus;
    const live = this.live;
    this.live = undefined;
    this.restoredProposal = undefined;
    this.onChange(undefined);
    live?.resolve(answer);
    return pending;
  }

  get hasAccepted(): boolean {
    return this.acceptedFocus !== undefined;
  }

  /** The focus of a handoff the user accepted and that has not started yet; taken once. */
  takeAccepted(): string | undefined {
    const focus = this.acceptedFocus;
    this.acceptedFocus = undefined;
    return focus;
  }

  /** After loading a branch: a handoff call it ends with, unanswered, is shown again. */
  restoreFrom(branch: readonly SessionEntry[]): void {
    if (this.live) return;
    const found = unansweredProposal(branch);
    const changed = found?.toolUseId !== this.restoredProposal?.toolUseId;
    this.restoredProposal = found;
    if (changed) this.onChange(found);
  }

  /** The user moved on (typed a message): a restored proposal no longer applies. */
  dropRestored(): void {
    if (!this.restoredProposal) return;
    this.restoredProposal = undefined;
    this.onChange(undefined);
  }
}

/** A handoff tool call at the very end of the branch, with no answer stored after it. */
export function unansweredProposal(branch: readonly SessionEntry[]): HandoffProposal | undefined {
  const last = branch.at(-1);
  if (!last || !isMessageEntry(last) || last.message.role !== 'assistant') return undefined;
  for (const block of last.message.content) {
    if (block.type !== 'tool_use' || block.name !== HANDOFF_TOOL_NAME) continue;
    const input = block.input as { reason?: unknown; focus?: unknown } | null;
    const reason = typeof input?.reason === 'string' ? input.reason.trim() : '';
    if (!reason) return undefined;
    const focus = typeof input?.focus === 'string' ? input.focus.trim() : '';
    return { toolUseId: block.id, reason, ...(focus && { focus }), restored: true };
  }
  return undefined;
}
