import { useEffect, useId, useState } from 'react';
import { AUTO_HANDOFF_MODES, MAX_AUTO_HANDOFF_LIMIT } from '../../core/handoff/autoHandoffSettings';
import type { Settings } from '../../state/store/settings';
import { formatTokens, parsePercent, parseWindowOverride } from '../contextMeter';
import { PriceTriggerSettings } from './PriceTriggerSettings';

interface Props {
  draft: Settings;
  onChange: (patch: Partial<Settings>) => void;
}

/**
 * The context meter's settings. The fields keep what is typed, so a half-typed number
 * is not snapped back; only a valid value reaches the draft that Save stores.
 */
export function ContextSettings({ draft, onChange }: Props) {
  const thresholdHint = useId();
  const overrideHint = useId();
  const [percent, setPercent] = useState(percentText(draft.contextThreshold));
  const [override, setOverride] = useState(overrideText(draft.contextWindowOverride));
  const limitHint = useId();
  const [limit, setLimit] = useState(String(draft.autoHandoffLimit));
  useEffect(() => {
    setLimit((text) => (parseLimit(text) === draft.autoHandoffLimit ? text : String(draft.autoHandoffLimit)));
  }, [draft.autoHandoffLimit]);
  const limitValid = parseLimit(limit) !== null;

  // The dialog reopening resets the draft; the fields follow unless they already agree.
  useEffect(() => {
    setPercent((text) =>
      parsePercent(text) === draft.contextThreshold ? text : percentText(draft.contextThreshold),
    );
  }, [draft.contextThreshold]);
  useEffect(() => {
    setOverride((text) =>
      parseWindowOverride(text) === draft.contextWindowOverride
        ? text
        : overrideText(draft.contextWindowOverride),
    );
  }, [draft.contextWindowOverride]);

  const percentValid = parsePercent(percent) !== null;
  const overrideValid = parseWindowOverride(override) !== null;

  return (
    <fieldset className="context-settings">
      <legend>Context</legend>
      <label>
        Suggest a handoff at (% of context)
        <input
          type="number"
          min={1}
          max={100}
          value={percent}
          aria-invalid={!percentValid}
          aria-describedby={thresholdHint}
          onChange={(e) => {
            setPercent(e.target.value);
            const value = parsePercent(e.target.value);
            if (value !== null) onChange({ contextThreshold: value });
          }}
        />
      </label>
      <p id={thresholdHint} className={percentValid ? 'muted' : 'field-error'}>
        {percentValid
          ? 'Past this share of the context window, a banner offers a handoff.'
          : 'Enter a percentage from 1 to 100.'}
      </p>
      <PriceTriggerSettings draft={draft} onChange={onChange} />
      <label>
        When the context reaches the threshold
        <select
          value={draft.autoHandoff}
          onChange={(e) => {
            const mode = AUTO_HANDOFF_MODES.find((m) => m === e.target.value);
            if (mode) onChange({ autoHandoff: mode });
          }}
        >
          <option value="ask">Ask (show a banner)</option>
          <option value="auto">Hand off automatically</option>
          <option value="off">Do nothing</option>
        </select>
      </label>
      {draft.autoHandoff === 'auto' && (
        <>
          <label>
            Most automatic handoffs in a row
            <input
              type="number"
              min={1}
              max={MAX_AUTO_HANDOFF_LIMIT}
              value={limit}
              aria-invalid={!limitValid}
              aria-describedby={limitHint}
              onChange={(e) => {
                setLimit(e.target.value);
                const value = parseLimit(e.target.value);
                if (value !== null) onChange({ autoHandoffLimit: value });
              }}
            />
          </label>
          <p id={limitHint} className={limitValid ? 'muted' : 'field-error'}>
            {limitValid
              ? 'After a reply past the threshold Baton hands off, and says "Continue with the next steps." in the new session when work was left. A message you type starts the count again.'
              : `Enter a whole number from 1 to ${MAX_AUTO_HANDOFF_LIMIT}.`}
          </p>
        </>
      )}
      <label>
        Context window override (tokens)
        <input
          type="number"
          min={0}
          step={1000}
          value={override}
          placeholder="Known for the model"
          aria-invalid={!overrideValid}
          aria-describedby={overrideHint}
          onChange={(e) => {
            setOverride(e.target.value);
            const value = parseWindowOverride(e.target.value);
            if (value !== null) onChange({ contextWindowOverride: value });
          }}
        />
      </label>
      <p id={overrideHint} className={overrideValid ? 'muted' : 'field-error'}>
        {overrideValid
          ? `Empty uses the model's known window (${formatTokens(200_000)} when the model is unknown).`
          : 'Enter a whole number of tokens, or leave it empty.'}
      </p>
    </fieldset>
  );
}

function percentText(threshold: number): string {
  return String(Math.round(threshold * 1000) / 10);
}

/** A whole number of handoffs from 1 to the maximum, else null. */
function parseLimit(text: string): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= 1 && value <= MAX_AUTO_HANDOFF_LIMIT
    ? value
    : null;
}

function overrideText(override: number): string {
  return override > 0 ? String(override) : '';
}
