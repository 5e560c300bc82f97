import { lazyWhen } from '../lazyPart';

/**
 * Where the model's handoff proposal shows, under the chat, while it waits for an answer.
 * Loaded when the model first proposes a handoff: the first paint never shows the card.
 * Through lazyWhen rather than React.lazy, so a chunk that fails to load is asked for again.
 */
export const HandoffProposalSlot = lazyWhen(
  (s) => s.handoffProposal !== null,
  () => import('./HandoffProposalCard').then((m) => m.WaitingHandoffProposal),
);
