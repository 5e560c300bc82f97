/** Starting a handoff from the composer or the button, reviewing its document, and reporting how it ended. */
import type { HandoffOptions } from '../../core/agentSession';
import type { HandoffResult } from '../../core/handoff/handoffMachine';
import {
  HANDOFF_CANCELLED,
  HANDOFF_NEW_SESSION_NOTICE,
  HandoffRefused,
  type HandoffReviewer,
  handoffFailedMessage,
} from '../../core/handoff/handoffMachine';
import { getRuntime, hasRuntime } from '../app/runtime';
import { notify, notifyError } from '../store/notices';
import { prependToComposer } from '../store/returnToComposer';
import { errorText, get, set } from '../store/storeAccess';
import { sendPrompt } from './sendPrompt';

export interface StartHandoffOptions {
  /** The new session's model; empty or left out: the current session's model. */
  model?: string;
}

/** Resolves with how the handoff ended; undefined when it was refused or could not run. */
export async function startHandoff(
  focus: string,
  options: StartHandoffOptions = {},
): Promise<HandoffResult | undefined> {
  if (!hasRuntime()) return undefined;
  const { session } = getRuntime();
  // The machine checks whether a handoff can start (spec, Trigger 4 and 5) and refuses
  // with HandoffRefused, shown below; it trims and redacts the focus and the model.
  const run: HandoffOptions = {};
  if (options.model) run.model = options.model;
  // Read when the handoff starts: turning the setting on mid-way changes nothing.
  if (get().settings.reviewHandoff) run.review = reviewInEditor;
  try {
    const result = await session.handoff(focus, run);
    if (result.status === 'done') {
      notify(HANDOFF_NEW_SESSION_NOTICE);
      if (result.pendingRequest) await carryPendingRequest(result.pendingRequest);
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
    closeReview(undefined);
  }
}

/**
 * The request the old session never answered goes on in the new one: sent at once when
 * the user asked for that, otherwise back in the message box, ready to send.
 */
async function carryPendingRequest(text: string): Promise<void> {
  if (get().settings.sendPendingAfterHandoff) {
    await sendPrompt(text, text);
    return;
  }
  prependToComposer(text);
  notify(PENDING_REQUEST_RETURNED);
}

export const PENDING_REQUEST_RETURNED = 'Your unanswered request is in the message box, ready to send.';

let answerReview: ((text: string | undefined) => void) | undefined;

/** Opens the review editor and waits for "Start new session" (the text) or Cancel (undefined). */
const reviewInEditor: HandoffReviewer = (document, signal) =>
  new Promise((resolve) => {
    answerReview = resolve;
    signal.addEventListener('abort', () => closeReview(undefined));
    set({ handoffReview: { document } });
  });

/** The review editor's answer: the edited document, or undefined to cancel the handoff. */
export function finishHandoffReview(text: string | undefined): void {
  closeReview(text);
}

function closeReview(text: string | undefined): void {
  const answer = answerReview;
  answerReview = undefined;
  if (get().handoffReview) set({ handoffReview: null });
  answer?.(text);
}
