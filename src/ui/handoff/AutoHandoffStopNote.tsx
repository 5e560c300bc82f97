import { dismissAutoHandoffStop } from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';

/**
 * Under the chat of the session a chain of automatic handoffs ended in: the sentence
 * saying the chain stopped at the limit. A passing notice would be gone by the time the
 * user comes back to a chain that ran unattended, so this stays with its session until
 * the user sends a message or dismisses it.
 */
export function AutoHandoffStopNote() {
  const stop = useBaton((s) => s.autoHandoffStop);
  const sessionId = useBaton((s) => s.activeSessionId);
  if (!stop || stop.sessionId !== sessionId) return null;
  return (
    <section className="context-banner" aria-label="Auto-handoff stopped">
      <p role="status">{stop.text}</p>
      <div className="context-banner-actions">
        <button type="button" onClick={dismissAutoHandoffStop}>
          Dismiss
        </button>
      </div>
    </section>
  );
}
