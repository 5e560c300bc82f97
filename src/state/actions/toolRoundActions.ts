/** The Continue / Stop answer to a run paused at its bound on tool rounds (see core/agent/toolRounds.ts). */
import { getRuntime, hasRuntime } from '../app/runtime';
import { notifyError } from '../slices/status/actions';
import { errorText, set } from '../store/storeAccess';

/** Continue: another bound's worth of tool rounds, the count going on from where it paused. */
export async function continueToolRounds(): Promise<void> {
  if (!hasRuntime()) return;
  const { session, activity } = getRuntime().current;
  set({ toolRounds: null, isStreaming: true });
  try {
    await activity.track(session.prompt('', { continueToolRounds: true }));
  } catch (error) {
    notifyError(errorText(error));
  } finally {
    if (!session.isStreaming) set({ isStreaming: false });
  }
}

/** Stop: the run stays ended where it paused (every tool call there has its result); the question goes. */
export function stopToolRounds(): void {
  set({ toolRounds: null });
}
