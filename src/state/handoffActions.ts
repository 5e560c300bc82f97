/** Starting a handoff from the composer or the button, and reporting how it ended. */
import {
  HANDOFF_CANCELLED,
  HANDOFF_NEW_SESSION_NOTICE,
  HandoffRefused,
  handoffFailedMessage,
} from '../core/handoff/handoffMachine';
import { notify, notifyError } from './notices';
import { getRuntime, hasRuntime } from './runtime';
import { errorText } from './storeAccess';

export async function startHandoff(focus: string): Promise<void> {
  if (!hasRuntime()) return;
  const { session } = getRuntime();
  // The UI's own preflight (spec, Trigger 4 and 5); the session layer checks again and throws.
  const refusal = session.handoffs.refusal();
  if (refusal) {
    notify(refusal);
    return;
  }
  try {
    const result = await session.handoff(focus.trim() || undefined);
    if (result.status === 'done') notify(HANDOFF_NEW_SESSION_NOTICE);
    else if (result.status === 'cancelled') notifyError(HANDOFF_CANCELLED);
    else notifyError(handoffFailedMessage(result.reason));
  } catch (error) {
    if (error instanceof HandoffRefused) notify(error.message);
    else notifyError(handoffFailedMessage(errorText(error)));
  }
}
