/**
 * The actions on one message of the chat: Retry (a new version of a reply), the version
 * switcher, and sending an edit made in the message itself. Part of the agent chunk,
 * like the composer's send: each starts or changes a run of the session.
 */
import { getRuntime, hasRuntime } from '../app/runtime';
import { notifyError } from '../slices/status/actions';
import { errorText, set } from '../store/storeAccess';
import { userTypedMessage } from './afterReply';
import { sendPrompt } from './sendPrompt';

/** Asks again for the reply `entryId`: the answer becomes its next version. */
export async function retryReply(entryId: string): Promise<void> {
  if (!hasRuntime()) return;
  const live = getRuntime().current;
  if (live.session.isBusy) return;
  userTypedMessage(live);
  set({ isStreaming: true });
  try {
    await live.activity.track(live.session.retry(entryId));
  } catch (error) {
    notifyError(errorText(error));
  } finally {
    if (!live.session.isStreaming && getRuntime().current === live) set({ isStreaming: false });
  }
}

/** Shows another version of a message, and the conversation as it went on from it. */
export function showVersion(entryId: string): void {
  if (!hasRuntime()) return;
  const { session } = getRuntime();
  if (session.isBusy) return;
  session.showVersion(entryId);
}

/** Sends the edit under way (begun with a message's Edit button) as a new branch. */
export async function sendEdit(text: string): Promise<void> {
  if (!hasRuntime() || text.trim() === '') return;
  const live = getRuntime().current;
  if (live.session.editingEntryId === undefined) return;
  userTypedMessage(live);
  await sendPrompt(live, text, text);
}
