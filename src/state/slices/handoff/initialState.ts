/**
 * The handoff slice: the open session's handoff (its machine's state), the document
 * waiting in the review editor with the answer the handoff waits for, and the model's
 * proposal waiting for the user.
 */
import type { HandoffProposal } from '../../../core/handoff/handoffProposals';
import type { HandoffState } from '../../../core/handoff/handoffState';

export interface HandoffSliceState {
  handoff: HandoffState;
  /** The captured handoff document waiting in the review editor, if review is on. */
  handoffReview: { document: string } | null;
  /**
   * Not rendered: how the review's answer reaches the handoff waiting for it ("Start new
   * session" gives the text, Cancel undefined). Set while handoffReview is.
   */
  answerReview: ((text: string | undefined) => void) | null;
  /** The model's handoff proposal waiting for the user's answer (the card in the chat). */
  handoffProposal: HandoffProposal | null;
  /**
   * The sentence saying a chain of automatic handoffs stopped at the limit, and the
   * session it stopped in (the chain's last): shown there under the chat until the user
   * sends a message or dismisses it, so it is still there when the user comes back.
   */
  autoHandoffStop: { sessionId: string; text: string } | null;
}

export const initialHandoffState: HandoffSliceState = {
  handoff: { status: 'idle' },
  handoffReview: null,
  answerReview: null,
  handoffProposal: null,
  autoHandoffStop: null,
};
