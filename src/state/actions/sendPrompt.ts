/** Sending text to the open session now, with the busy flag and refusals handled the same wherever it starts. */
import { AgentBusyError } from '../../core/agent/agent';
import { ContextFullError, type PromptOptions } from '../../core/agentSession';
import { SessionBusyElsewhereError } from '../../core/session/exclusiveAccess';
import { getRuntime } from '../app/runtime';
import { notifyError } from '../store/notices';
import { returnToComposer } from '../store/returnToComposer';
import { errorText, set } from '../store/storeAccess';

/**
 * Sends `body` (what the model gets) and, if it is refused, gives the user back `typed`
 * (what they wrote) with the reason. A reply already under way queues it instead.
 */
export async function sendPrompt(
  body: string,
  typed: string,
  { queued, ...options }: PromptOptions & { queued?: string } = {},
): Promise<void> {
  const { session } = getRuntime();
  // Busy from the moment of sending: the tab lock is asked for before agent_start.
  set({ isStreaming: true });
  try {
    await session.prompt(body, options);
  } catch (error) {
    if (error instanceof AgentBusyError) session.queue(queued ?? body, 'followUp');
    else if (error instanceof SessionBusyElsewhereError || error instanceof ContextFullError)
      returnToComposer(typed, error.message);
    else notifyError(errorText(error));
  } finally {
    if (!session.agent.isStreaming) set({ isStreaming: false });
  }
}
