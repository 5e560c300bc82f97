import { lazy, Suspense } from 'react';
import { useBaton } from '../../state/store/useBaton';

// Loaded when the model first proposes a handoff: the first paint never shows the card.
const HandoffProposalCard = lazy(() =>
  import('./HandoffProposalCard').then((m) => ({ default: m.HandoffProposalCard })),
);

/** Where the model's handoff proposal shows, under the chat, while it waits for an answer. */
export function HandoffProposalSlot() {
  const proposal = useBaton((s) => s.handoffProposal);
  if (!proposal) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed by the call: a new proposal starts from its own suggested focus. */}
      <HandoffProposalCard key={proposal.toolUseId} proposal={proposal} />
    </Suspense>
  );
}
