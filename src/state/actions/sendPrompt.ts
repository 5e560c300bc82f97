/** Sending text to a session now, with the busy flag and refusals handled the same wherever it starts. */
import { AgentBusyError } from '../../core/agent/agent';
import { ContextFullError, EarlierMessageFailedError, type PromptOptions } from '../../core/agentSession';
import { SessionBusyElsewhereError } from '../../core/session/exclusiveAccess';
import type { LiveSession } from '../app/liveSession';
import { getRuntime } from '../app/runtime';
import type { PendingAttachment } from '../attachments/pendingAttachment';
import { giveBackAttachments } from '../slices/attachments/actions';
import { returnToComposer } from '../slices/composer/actions';
import { notifyError } from '../slices/status/actions';
import { errorText, set } from '../store/storeAccess';

/**
 * Sends `body` (what the model gets) and, if it is refused, gives the user back `typed`
 * (what they wrote) with the reason. A reply already under way queues it instead.
 * `pendingFiles` are the composer's chips behind `options.attachments`: a refused send
 * puts them back in the box, and text with files is never queued (the queue holds text).
 * Resolves once the run and whatever follows it (liveSession.ts, followRunEnds) are over.
 */
export async function sendPrompt(
  live: LiveSession,
  body: string,
  typed: string,
  {
    queued,
    pendingFiles,
    ...options
  }: PromptOptions & { queued?: string; pendingFiles?: PendingAttachment[] } = {},
): Promise<void> {
  const { session, activity } = live;
  // Busy from the moment of sending: the tab lock is asked for before agent_start.
  set({ isStreaming: true });
  try {
    await activity.track(session.prompt(body, options));
  } catch (error) {
    if (pendingFiles && pendingFiles.length > 0) {
      giveBackAttachments(pendingFiles);
      if (error instanceof AgentBusyError) returnToComposer(typed, FILES_BACK_WHILE_BUSY);
      else returnToComposer(typed, errorText(error));
      return;
    }
    if (error instanceof AgentBusyError) session.queue(queued ?? body, 'followUp');
    else if (
      error instanceof SessionBusyElsewhereError ||
      error instanceof ContextFullError ||
      error instanceof EarlierMessageFailedError
    )
      returnToComposer(typed, error.message);
    else notifyError(errorText(error));
  } finally {
    // A session left writing in the background does not speak for the one on screen.
    if (!session.isStreaming && getRuntime().current === live) set({ isStreaming: false });
  }
}

const FILES_BACK_WHILE_BUSY =
  'A reply started meanwhile: your message and its files are back in the box, to send once it ends.';
