import { useId, useState } from 'react';
import type { HandoffProposal } from '../../core/handoff/handoffProposals';
import { answerHandoffProposal } from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';
import { shownText } from '../text/revealInvisibles';
import './handoffProposal.css';

/**
 * The model's handoff proposal, waiting for the user: Baton never switches on the
 * model's word alone. The suggested focus is prefilled and can be edited before "Hand
 * off" runs the same pipeline as /handoff; "Not now" (or Esc) answers the model and the
 * chat goes on.
 */
export function HandoffProposalCard({ proposal }: { proposal: HandoffProposal }) {
  // The focus is the model's: prefilled as shown, so what is sent is what the user saw.
  const [focus, setFocus] = useState(shownText(proposal.focus ?? ''));
  const [answered, setAnswered] = useState(false);
  const focusId = useId();
  const answer = (accepted: boolean) => {
    // One answer per proposal: a double click must not answer (or hand off) twice.
    if (answered) return;
    setAnswered(true);
    void answerHandoffProposal(accepted ? { accepted: true, focus } : { accepted: false });
  };
  return (
    <section className="handoff-proposal" aria-label="Handoff proposal">
      <p>The model suggests a handoff: {shownText(proposal.reason)}</p>
      {proposal.restored && (
        <p className="muted">This proposal was still waiting for your answer when the page was closed.</p>
      )}
      <label htmlFor={focusId}>Focus for the handoff document (optional)</label>
      <input
        id={focusId}
        value={focus}
        onChange={(e) => setFocus(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            answer(true);
          }
        }}
      />
      <div className="handoff-proposal-actions">
        <button type="button" className="primary" disabled={answered} onClick={() => answer(true)}>
          Hand off
        </button>
        <button type="button" disabled={answered} onClick={() => answer(false)}>
          Not now
        </button>
      </div>
    </section>
  );
}

/** The proposal waiting now, if any (HandoffProposalSlot draws this once one has come). */
export function WaitingHandoffProposal() {
  const proposal = useBaton((s) => s.handoffProposal);
  if (!proposal) return null;
  // Keyed by the call: a new proposal starts from its own suggested focus.
  return <HandoffProposalCard key={proposal.toolUseId} proposal={proposal} />;
}
