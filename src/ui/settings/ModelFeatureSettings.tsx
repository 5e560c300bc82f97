import { MIN_THINKING_BUDGET } from '../../core/models/thinking';
import type { ThinkingSetting } from '../../core/types/thinking';
import { EFFORT_LEVELS } from '../../core/types/thinking';
import type { Settings } from '../../state/store/settings';

/**
 * What requests ask of the API beyond the conversation: the thinking a new session starts
 * with (each session then keeps its own, from the Thinking control by the composer) and
 * the API's web search. Edited in the dialog's draft and saved with it.
 */
export function ModelFeatureSettings({
  draft,
  update,
}: {
  draft: Settings;
  update: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
}) {
  const thinking = draft.thinking;
  const setThinking = (patch: Partial<ThinkingSetting>) => update('thinking', { ...thinking, ...patch });
  return (
    <fieldset className="settings-section">
      <legend>Thinking and tools</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={thinking.enabled}
          onChange={(e) => setThinking({ enabled: e.target.checked })}
        />
        Thinking on for new sessions
      </label>
      <label>
        Thinking budget (tokens, for models that take one)
        <input
          type="number"
          min={MIN_THINKING_BUDGET}
          value={thinking.budgetTokens}
          onChange={(e) => setThinking({ budgetTokens: Number(e.target.value) })}
        />
      </label>
      <label>
        Thinking effort (for models that take one)
        <select
          value={thinking.effort}
          onChange={(e) =>
            setThinking({ effort: EFFORT_LEVELS.find((level) => level === e.target.value) ?? 'default' })
          }
        >
          <option value="default">The model's default</option>
          {EFFORT_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level[0]?.toUpperCase()}
              {level.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <p className="muted">Some models always think, and some cannot. Thinking counts as output tokens.</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.webSearch}
          onChange={(e) => update('webSearch', e.target.checked)}
        />
        Web search
      </label>
      <p className="muted">
        Lets the model search the web (run by the API, billed per search by Anthropic). Its searches show
        under the reply, and cited sources are linked.
      </p>
    </fieldset>
  );
}
