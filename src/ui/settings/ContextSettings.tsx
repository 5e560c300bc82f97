import { useEffect, useId, useState } from 'react';
import type { Settings } from '../../state/store/settings';
import { formatTokens, parsePercent, parseWindowOverride } from '../contextMeter';

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

function overrideText(override: number): string {
  return override > 0 ? String(override) : '';
}
