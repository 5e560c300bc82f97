import { toolRoundLimitSentence } from '../core/agent/toolRounds';
import { continueToolRounds, stopToolRounds } from '../state/actions/actions';
import { useBaton } from '../state/store/useBaton';

/**
 * A run that reached the bound on tool rounds in a row (Settings: "Tool rounds before
 * asking") waits here: Continue runs up to as many again, Stop leaves it ended.
 */
export function ToolRoundsPause() {
  const rounds = useBaton((s) => s.toolRounds);
  const maxToolRounds = useBaton((s) => s.settings.maxToolRounds);
  const isStreaming = useBaton((s) => s.isStreaming);
  if (!rounds?.paused) return null;
  return (
    <section className="context-banner" aria-label="Tool rounds paused">
      <p>{toolRoundLimitSentence(rounds, maxToolRounds)}</p>
      <div className="context-banner-actions">
        <button
          type="button"
          className="primary"
          disabled={isStreaming}
          onClick={() => void continueToolRounds()}
        >
          Continue
        </button>
        <button type="button" onClick={() => void stopToolRounds()}>
          Stop
        </button>
      </div>
    </section>
  );
}
