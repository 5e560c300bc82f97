/** Sending text to the open session now, with the busy flag and refusals handled the same wherever it starts. */
import { AgentBusyError } from '../../core/agent/agent';
import { ContextFullError, type PromptOptions } from '../../core/agentSession';
import { newId } from '../../core/ids';
import { SessionBusyElsewhereError } from '../../core/session/exclusiveAccess';
import { getRuntime } from '../app/runtime';
import type { PendingAttachment } from '../attachments/pendingAttachment';
import { notifyError } from '../store/notices';
import { returnToComposer } from '../store/returnToComposer';
import { errorText, set } from '../store/storeAccess';

/**
 * Sends `body` (what the model gets) and, if it is refused, gives the user back `typed`
 * (what they wrote) with the reason. A reply already under way queues it instead.
 * `pendingFiles` are the composer's chips behind `options.attachments`: a refused send
 * puts them back in the box, and text with files is never queued (the queue holds text).
 */
export async function sendPrompt(
  body: string,
  typed: string,
  {
    queued,
    pendingFiles,
    ...options
  }: PromptOptions & { queued?: string; pendingFiles?: PendingAttachment[] } = {},
): Promise<void> {
  const { session } = getRuntime();
  // Busy from the moment of sending: the tab lock is asked for before agent_start.
  set({ isStreaming: true });
  let ended = false;
  try {
    await session.prompt(body, options);
    ended = true;
  } catch (error) {
    if (pendingFiles && pendingFiles.length > 0) {
      giveBackFiles(pendingFiles);
      if (error instanceof AgentBusyError) returnToComposer(typed, FILES_BACK_WHILE_BUSY);
      else returnToComposer(typed, errorText(error));
      return;
    }
    if (error instanceof AgentBusyError) session.queue(queued ?? body, 'followUp');
    else if (error instanceof SessionBusyElsewhereError || error instanceof ContextFullError)
      returnToComposer(typed, error.message);
    else notifyError(errorText(error));
  } finally {
    if (!session.isStreaming) set({ isStreaming: false });
  }
  // An accepted handoff proposal or an auto-handoff needs the session idle: now it is.
  if (ended) await afterRun();
}

let afterRun: () => Promise<void> = async () => undefined;

/**
 * What follows every run that ended (afterReply.ts sets it when it loads; importing it
 * here would make an import cycle, since it sends prompts itself).
 */
export function setAfterRun(run: () => Promise<void>): void {
  afterRun = run;
}

const FILES_BACK_WHILE_BUSY =
  'A reply started meanwhile: your message and its files are back in the box, to send once it ends.';

/**
 * The chips of a refused send, back before any added since. New ids: were the refused
 * message stored after all, the two could not share (and later delete) one file.
 */
function giveBackFiles(files: readonly PendingAttachment[]): void {
  const renewed = files.map((file): PendingAttachment => {
    const id = newId();
    return { record: { ...file.record, id }, ...(file.original && { original: { ...file.original, id } }) };
  });
  set((s) => ({ pendingAttachments: [...renewed, ...s.pendingAttachments] }));
}
