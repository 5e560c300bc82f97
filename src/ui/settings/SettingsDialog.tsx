import { useId, useState } from 'react';
import { MAX_MAX_TOOL_ROUNDS, MIN_MAX_TOOL_ROUNDS } from '../../core/agent/toolRounds';
import { contextWindowFor } from '../../core/context/contextWindow';
import { MIN_THINKING_BUDGET } from '../../core/models/thinking';
import { DEFAULT_BASE_URL, DEMO_SMALL_MODEL_ID, DEMO_SMALL_MODEL_LABEL } from '../../llm/defaults';
import { forgetKey, openSettings, saveSettings } from '../../state/actions/actions';
import type { Settings } from '../../state/store/settings';
import { useBaton } from '../../state/store/useBaton';
import { formatTokens } from '../contextMeter';
import { Dialog } from '../overlay/Dialog';
import { BaseUrlWarnings, useBlockedBaseUrlCheck } from './BaseUrlWarnings';
import { ContextSettings } from './ContextSettings';
import { DataSettings } from './DataSettings';
import { HandoffSettings } from './HandoffSettings';
import { ModelFeatureSettings } from './ModelFeatureSettings';
import { PriceSettings } from './PriceSettings';
import { StorageSettings } from './StorageSettings';
import { TemplatesEditor } from './TemplatesEditor';
import './settings.css';

/** "4k": the small demo's window, as the help under the Model field names it. */
const SMALL_DEMO_WINDOW = formatTokens(contextWindowFor(DEMO_SMALL_MODEL_ID));

function validate(draft: Settings): string | null {
  try {
    const url = new URL(draft.baseURL);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return 'The API base URL must start with https:// or http://';
  } catch {
    return 'The API base URL is not a valid URL';
  }
  if (!draft.model.trim()) return 'Model is required';
  if (!Number.isInteger(draft.maxTokens) || draft.maxTokens < 1)
    return 'Max output tokens must be a whole number above 0';
  if (
    !Number.isInteger(draft.maxToolRounds) ||
    draft.maxToolRounds < MIN_MAX_TOOL_ROUNDS ||
    draft.maxToolRounds > MAX_MAX_TOOL_ROUNDS
  )
    return `Tool rounds before asking must be a whole number from ${MIN_MAX_TOOL_ROUNDS} to ${MAX_MAX_TOOL_ROUNDS}`;
  if (!Number.isInteger(draft.thinking.budgetTokens) || draft.thinking.budgetTokens < MIN_THINKING_BUDGET)
    return `The thinking budget must be a whole number of at least ${MIN_THINKING_BUDGET.toLocaleString('en')} tokens`;
  return null;
}

export function SettingsDialog() {
  const open = useBaton((s) => s.settingsOpen);
  const settings = useBaton((s) => s.settings);
  const modelSuggestionsId = useId();
  const modelHintId = useId();
  const baseUrlWarningsId = useId();
  const checkBlockedBaseUrl = useBlockedBaseUrlCheck();
  const [draft, setDraft] = useState(settings);
  const [error, setError] = useState<string | null>(null);

  // Each opening starts from the settings as they are then.
  const [shown, setShown] = useState(false);
  if (open !== shown) {
    setShown(open);
    if (open) {
      setDraft(settings);
      setError(null);
    }
  }

  const update = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const save = async () => {
    const next = { ...draft, apiKey: draft.apiKey.trim(), baseURL: draft.baseURL.trim().replace(/\/+$/, '') };
    const problem = validate(next) ?? checkBlockedBaseUrl(next.baseURL, settings.baseURL);
    if (problem) {
      setError(problem);
      return;
    }
    await saveSettings(next);
    openSettings(false);
  };

  return (
    <Dialog
      title="Settings"
      className="settings-dialog"
      open={open}
      onClose={() => openSettings(false)}
      onSubmit={() => void save()}
    >
      <label>
        API key
        <input
          type="password"
          autoComplete="off"
          value={draft.apiKey}
          placeholder="Leave empty to use the offline demo model"
          onChange={(e) => update('apiKey', e.target.value)}
        />
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.rememberKey}
          onChange={(e) => update('rememberKey', e.target.checked)}
        />
        Remember key on this device
      </label>
      <p className="muted">
        Unticked, the key is kept only while this tab is open. It is sent only to the API base URL below.
      </p>
      {(settings.apiKey || draft.apiKey) && (
        <button
          type="button"
          onClick={() => {
            // Forgets at once, not on Save: a key typed into the draft must not survive either.
            setDraft((d) => ({ ...d, apiKey: '', rememberKey: false }));
            void forgetKey();
          }}
        >
          Forget key
        </button>
      )}
      <label>
        API base URL
        <input
          type="url"
          value={draft.baseURL}
          placeholder={DEFAULT_BASE_URL}
          aria-describedby={baseUrlWarningsId}
          onChange={(e) => update('baseURL', e.target.value)}
        />
      </label>
      <BaseUrlWarnings baseURL={draft.baseURL} id={baseUrlWarningsId} />
      <label>
        Model
        <input
          value={draft.model}
          list={modelSuggestionsId}
          aria-describedby={modelHintId}
          onChange={(e) => update('model', e.target.value)}
        />
      </label>
      <datalist id={modelSuggestionsId}>
        <option value={DEMO_SMALL_MODEL_ID}>{DEMO_SMALL_MODEL_LABEL}</option>
      </datalist>
      <p id={modelHintId} className="muted">
        Without a key, “{DEMO_SMALL_MODEL_ID}” gives a demo with a {SMALL_DEMO_WINDOW}-token window, to try
        the handoff of a conversation that no longer fits.
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
      <TemplatesEditor templates={draft.promptTemplates} onChange={(t) => update('promptTemplates', t)} />
      <ContextSettings draft={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
      <HandoffSettings draft={draft} update={update} />
      <ModelFeatureSettings draft={draft} update={update} />
      <PriceSettings draft={draft} update={update} />
      <DataSettings />
      <StorageSettings />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={() => openSettings(false)}>
          Cancel
        </button>
        <button type="submit" className="primary">
          Save
        </button>
      </div>
    </Dialog>
  );
}
