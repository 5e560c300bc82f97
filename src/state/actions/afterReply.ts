/**
 * What follows a finished run: a handoff the user accepted on the model's proposal, or
 * the opt-in auto-handoff when the reply crossed the threshold (docs/handoff.md). Both
 * need the session idle, so they start once the run and its follow-ups are over: each
 * session's follows its runs' ends (liveSession.ts, followRunEnds, wired by startEngine).
 */

import { estimateContext } from '../../core/context/estimateContext';
import {
  AUTO_CONTINUE_MESSAGE,
  autoHandoffLimitNotice,
  hasUnfinishedPlan,
} from '../../core/handoff/autoHandoff';
import type { HandoffProposalAnswer } from '../../core/handoff/handoffTool';
import { branchCostFacts } from '../../core/pricing/branchCost';
import { contextPricing, triggerSettingsOf } from '../../core/pricing/contextPricing';
import type { LiveSession } from '../app/liveSession';
import { getRuntime, hasRuntime } from '../app/runtime';
import { dismissAutoHandoffStop, showAutoHandoffStop } from '../slices/handoff/actions';
import { notifyError } from '../slices/status/actions';
import { isDemo } from '../store/modelLabel';
import { errorText, get } from '../store/storeAccess';
import { runHandoff } from './handoffActions';
import { sendPrompt } from './sendPrompt';

/**
 * At the end of each run of `live`'s session (not a handoff's document: followRunEnds'
 * `atEnd`), the title the model writes after a first exchange (nameSession.ts), when
 * Settings → General's "Name sessions with the model" is on and a key is set (the offline
 * demo keeps the first message's title). Started before any follow-up goes out and never
 * awaited: the composer and the next send do not wait for it.
 */
export function nameAfterFirstExchange(live: LiveSession): void {
  const { session } = live;
  const { settings } = get();
  if (settings.nameSessions === false || isDemo(settings) || session.header.parentSession) return;
  // The run as it ended: a follow-up may be on its way into the branch.
  const run = { header: session.header, branch: session.log.getBranch(), model: session.model, settings };
  void import('./nameSession')
    .then((naming) => naming.nameSession(run))
    .catch((error: unknown) => console.warn(`Baton: no title from the model (${errorText(error)}).`));
}

/** The user typed a message: automatic handoffs from this session count from zero again. */
export function userTypedMessage(live: LiveSession): void {
  live.autoHandoffs.reset();
  dismissAutoHandoffStop();
}

/** The card's buttons (and Esc): answers the model's proposal, then starts an accepted handoff. */
export async function answerHandoffProposal(answer: HandoffProposalAnswer): Promise<void> {
  if (!hasRuntime()) return;
  const live = getRuntime().current;
  try {
    await live.session.answerHandoffProposal(answer);
  } catch (error) {
    notifyError(errorText(error));
    return;
  }
  await live.activity.track(afterReply(live));
}

/** Once a run of `live`'s session has ended and the session is idle (see followRunEnds). */
export async function afterReply(live: LiveSession): Promise<void> {
  // While the run is still open (a live proposal just answered) this is undefined; the
  // run's own end brings the session here again once it is over.
  const accepted = live.session.takeAcceptedHandoff();
  if (accepted !== undefined) {
    await runHandoff(live, accepted);
    return;
  }
  await handOffAutomatically(live);
}

async function handOffAutomatically(live: LiveSession): Promise<void> {
  const { session } = live;
  const { settings } = get();
  if (settings.autoHandoff !== 'auto' || session.isBusy) return;
  // Only after a reply that ended as replies do: a stop, an error or a refusal is the user's to look at.
  const last = session.newestReply();
  if (!last || !['end_turn', 'max_tokens', 'stop_sequence'].includes(last.stopReason ?? '')) return;
  const branch = session.log.getBranch();
  const estimate = estimateContext(branch, session.systemPrompt());
  // The same triggers as the banner: the share of the window, the turn's price, the tokens.
  const { reasons } = contextPricing({
    facts: branchCostFacts(branch),
    used: estimate.used,
    window: session.contextWindow,
    reported: estimate.reported,
    full: estimate.overflow !== undefined,
    model: session.model,
    prices: settings.priceOverrides,
    triggers: triggerSettingsOf(settings),
  });
  const decision = live.autoHandoffs.decideOver(
    settings.autoHandoff,
    reasons.length > 0,
    settings.autoHandoffLimit,
  );
  // Not a passing notice: the chain may have run for minutes unattended, so the sentence
  // stays in the session it ended in until the user answers it.
  if (decision === 'stop')
    showAutoHandoffStop(session.header.id, autoHandoffLimitNotice(settings.autoHandoffLimit));
  if (decision !== 'handoff') return;
  // Read before the switch: the new session starts with no todos.
  const todos = session.todos;
  const result = await runHandoff(live, '');
  if (result?.status !== 'done') return;
  if (hasUnfinishedPlan(todos, result.document)) await sendPrompt(live, AUTO_CONTINUE_MESSAGE, '');
}
