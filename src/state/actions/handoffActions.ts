/** Starting a handoff from the composer or the button, reviewing its document, and reporting how it ended. */
import type { HandoffOptions } from '../../core/agentSession';
import type { HandoffResult } from '../../core/handoff/handoffMachine';
import {
  HANDOFF_CANCELLED,
  HANDOFF_NEW_SESSION_NOTICE,
  HandoffRefused,
  handoffFailedMessage,
} from '../../core/handoff/handoffMachine';
import type { LiveSession } from '../app/liveSession';
import { getRuntime, hasRuntime } from '../app/runtime';
import { prependToComposer } from '../slices/composer/actions';
import { finishHandoffReview, reviewDocument } from '../slices/handoff/actions';
import { notify, notifyError } from '../slices/status/actions';
import { errorText, get } from '../store/storeAccess';
import { sendPrompt } from './sendPrompt';

export { finishHandoffReview } from '../slices/handoff/actions';

export interface StartHandoffOptions {
  /** The new session's model; empty or left out: the current session's model. */
  model?: string;
}

/**
 * A handoff of the session on screen (the composer's /handoff, the button). Resolves
 * with how it ended, once what follows it is over too; undefined when it was refused or
 * could not run.
 */
export async function startHandoff(
  focus: string,
  options: StartHandoffOptions = {},
): Promise<HandoffResult | undefined> {
  if (!hasRuntime()) return undefined;
  return runHandoff(getRuntime().current, focus, options);
}

/** A handoff of `live`'s session, reported to the user however it ends (see startHandoff). */
export function runHandoff(
  live: LiveSession,
  focus: string,
  options: StartHandoffOptions = {},
): Promise<HandoffResult | undefined> {
  return live.activity.track(handOff(live, focus, options));
}

async function handOff(
  live: LiveSession,
  focus: string,
  options: StartHandoffOptions,
): Promise<HandoffResult | undefined> {
  // The machine checks whether a handoff can start (spec, Trigger 4 and 5) and refuses
  // with HandoffRefused, shown below; it trims and redacts the focus and the model.
  const run: HandoffOptions = {};
  if (options.model) run.model = options.model;
  // Read when the handoff starts: turning the setting on mid-way changes nothing.
  if (get().settings.reviewHandoff) run.review = reviewDocument;
  try {
    const result = await live.session.handoff(focus, run);
    if (result.status === 'done') {
      notify(HANDOFF_NEW_SESSION_NOTICE);
      if (result.pendingRequest) await carryPendingRequest(live, result.pendingRequest);
    }
    // The user's own choice: a status, not an alert.
    else if (result.status === 'cancelled') notify(HANDOFF_CANCELLED);
    else notifyError(handoffFailedMessage(result.reason));
    return result;
  } catch (error) {
    if (error instanceof HandoffRefused) notify(error.message);
    else notifyError(handoffFailedMessage(errorText(error)));
    return undefined;
  } finally {
    finishHandoffReview(undefined);
  }
}

/**
 * The request the old session never answered goes on in the new one: sent at once when
 * the user asked for that, otherwise back in the message box, ready to send.
 */
async function carryPendingRequest(live: LiveSession, text: string): Promise<void> {
  if (get().settings.sendPendingAfterHandoff) {
    await sendPrompt(live, text, text);
    return;
  }
  prependToComposer(text);
  notify(PENDING_REQUEST_RETURNED);
}

export const PENDING_REQUEST_RETURNED = 'Your unanswered request is in the message box, ready to send.';
