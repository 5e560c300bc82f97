import { useId, useMemo } from 'react';
import { MAX_MAX_TOOL_ROUNDS, MIN_MAX_TOOL_ROUNDS } from '../../../core/agent/toolRounds';
import { contextWindowFor } from '../../../core/context/contextWindow';
import { DEMO_SMALL_MODEL_ID } from '../../../llm/defaults';
import { selectRecentModels } from '../../../state/store/selectors';
import { useBatonShallow } from '../../../state/store/useBaton';
import { formatTokens } from '../../contextMeter';
import { ModelCombobox } from '../../models/ModelCombobox';
import { modelOptions } from '../../models/modelOptions';
import { ModelFeatureSettings } from '../ModelFeatureSettings';
import { PriceSettings } from '../PriceSettings';
import type { SectionProps, SettingsSection } from './sectionTypes';

/** "4k": the small demo's window, as the help under the Model field names it. */
const SMALL_DEMO_WINDOW = formatTokens(contextWindowFor(DEMO_SMALL_MODEL_ID));

/** The model new sessions start on, how long its replies may be, how it thinks, what it costs. */
function ModelPanel({ draft, update }: SectionProps) {
  const hintId = useId();
  const recent = useBatonShallow(selectRecentModels);
  const options = useMemo(() => modelOptions(recent, { demo: true }), [recent]);
  return (
    <>
      <ModelCombobox
        label="Model"
        value={draft.model}
        options={options}
        describedBy={hintId}
        onChange={(model) => update('model', model)}
      />
      <p id={hintId} className="muted">
        For new sessions (Switch model changes the open one). Type any model id, or pick one. Without a key, “
        {DEMO_SMALL_MODEL_ID}” gives a demo with a {SMALL_DEMO_WINDOW}-token window, to try the handoff of a
        conversation that no longer fits.
      </p>
      <label>
        Max output tokens
        <input
          type="number"
          min={1}
          value={draft.maxTokens}
          onChange={(e) => update('maxTokens', Number(e.target.value))}
        />
      </label>
      <label>
        Tool rounds before asking
        <input
          type="number"
          min={MIN_MAX_TOOL_ROUNDS}
          max={MAX_MAX_TOOL_ROUNDS}
          value={draft.maxToolRounds}
          onChange={(e) => update('maxToolRounds', Number(e.target.value))}
        />
      </label>
      <ModelFeatureSettings draft={draft} update={update} />
      <PriceSettings draft={draft} update={update} />
    </>
  );
}

export const modelSection: SettingsSection = { id: 'model', title: 'Model', Panel: ModelPanel };
