/**
 * What follows a finished run: a handoff the user accepted on the model's proposal, or
 * the opt-in auto-handoff when the reply crossed the threshold (docs/handoff.md). Both
 * need the session idle, so they start here, once the run and its follow-ups are over.
 */

import { estimateContext } from '../../core/context/estimateContext';
import {
  AUTO_CONTINUE_MESSAGE,
  AutoHandoffChain,
  autoHandoffLimitNotice,
  hasUnfinishedPlan,
} from '../../core/handoff/autoHandoff';
import type { HandoffProposalAnswer } from '../../core/handoff/handoffTool';
import { getRuntime, hasRuntime } from '../app/runtime';
import { notify, notifyError } from '../store/notices';
import { errorText, get } from '../store/storeAccess';
import { startHandoff } from './handoffActions';
import { sendPrompt, setAfterRun } from './sendPrompt';

const chain = new AutoHandoffChain();

// Every app that sends prompts loads this module (composerActions imports it).
setAfterRun(afterReply);

/** The user typed a message: automatic handoffs count from zero again. */
export function userTypedMessage(): void {
  chain.reset();
}

/** The card's buttons (and Esc): answers the model's proposal, then starts an accepted handoff. */
export async function answerHandoffProposal(answer: HandoffProposalAnswer): Promise<void> {
  if (!hasRuntime()) return;
  try {
    await getRuntime().session.answerHandoffProposal(answer);
  } catch (error) {
    notifyError(errorText(error));
    return;
  }
  await afterReply();
}

/** Called once a run started by the app has ended (sendPrompt). */
export async function afterReply(): Promise<void> {
  if (!hasRuntime()) return;
  const { session } = getRuntime();
  // While the run is still open (a live proposal just answered) this is undefined; the
  // run's own sendPrompt gets here again once it has ended.
  const accepted = session.takeAcceptedHandoff();
  if (accepted !== undefined) {
    await startHandoff(accepted);
    return;
  }
  await handOffAutomatically();
}

async function handOffAutomatically(): Promise<void> {
  const { session } = getRuntime();
  const { settings } = get();
  if (settings.autoHandoff !== 'auto' || session.isBusy) return;
  // Only after a reply that ended as replies do: a stop, an error or a refusal is the user's to look at.
  const last = session.newestReply();
  if (!last || !['end_turn', 'max_tokens', 'stop_sequence'].includes(last.stopReason ?? '')) return;
  const used = estimateContext(session.log.getBranch(), session.systemPrompt()).used;
  const decision = chain.decide(
    settings.autoHandoff,
    used / session.contextWindow,
    settings.contextThreshold,
    settings.autoHandoffLimit,
  );
  if (decision === 'stop') notify(autoHandoffLimitNotice(settings.autoHandoffLimit));
  if (decision !== 'handoff') return;
  // Read before the switch: the new session starts with no todos.
  const todos = session.todos;
  const result = await startHandoff('');
  if (result?.status !== 'done') return;
  if (hasUnfinishedPlan(todos, result.document)) await sendPrompt(AUTO_CONTINUE_MESSAGE, '');
}
