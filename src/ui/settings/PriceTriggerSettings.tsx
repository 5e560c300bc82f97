import { useEffect, useId, useState } from 'react';
import type { Settings } from '../../state/store/settings';

interface Props {
  draft: Settings;
  onChange: (patch: Partial<Settings>) => void;
}

/** A number ≥ 0 as typed ("0.5", "200000"); empty is 0 (off); null when not a number. */
export function parseTrigger(text: string, whole: boolean): number | null {
  if (text.trim() === '') return 0;
  const pattern = whole ? /^\s*\d+\s*$/ : /^\s*\d+(\.\d+)?\s*$/;
  return pattern.test(text) ? Number(text) : null;
}

/**
 * The two handoff triggers beside the share of the window: a turn's price and a number
 * of tokens (docs/handoff.md, "When Baton suggests a handoff"). 0 or empty turns one off.
 */
export function PriceTriggerSettings({ draft, onChange }: Props) {
  const costHint = useId();
  const tokensHint = useId();
  const [cost, setCost] = useState(triggerText(draft.handoffTurnCost));
  const [tokens, setTokens] = useState(triggerText(draft.handoffTokens));
  // The dialog reopening resets the draft; the fields follow unless they already agree.
  useEffect(() => {
    setCost((text) =>
      parseTrigger(text, false) === draft.handoffTurnCost ? text : triggerText(draft.handoffTurnCost),
    );
  }, [draft.handoffTurnCost]);
  useEffect(() => {
    setTokens((text) =>
      parseTrigger(text, true) === draft.handoffTokens ? text : triggerText(draft.handoffTokens),
    );
  }, [draft.handoffTokens]);
  const costValid = parseTrigger(cost, false) !== null;
  const tokensValid = parseTrigger(tokens, true) !== null;

  return (
    <>
      <label>
        Suggest a handoff when a turn costs more than ($)
        <input
          type="number"
          min={0}
          step="any"
          value={cost}
          aria-invalid={!costValid}
          aria-describedby={costHint}
          onChange={(e) => {
            setCost(e.target.value);
            const value = parseTrigger(e.target.value, false);
            if (value !== null) onChange({ handoffTurnCost: value });
          }}
        />
      </label>
      <p id={costHint} className={costValid ? 'muted' : 'field-error'}>
        {costValid
          ? 'The next turn with the cache warm, as shown beside the meter. 0 turns it off.'
          : 'Enter an amount in dollars, or 0 for off.'}
      </p>
      <label>
        Suggest a handoff when the context passes (tokens)
        <input
          type="number"
          min={0}
          step={1}
          value={tokens}
          aria-invalid={!tokensValid}
          aria-describedby={tokensHint}
          onChange={(e) => {
            setTokens(e.target.value);
            const value = parseTrigger(e.target.value, true);
            if (value !== null) onChange({ handoffTokens: value });
          }}
        />
      </label>
      <p id={tokensHint} className={tokensValid ? 'muted' : 'field-error'}>
        {tokensValid
          ? 'Long before a large window is full, turns get slower and dearer. 0 turns it off.'
          : 'Enter a whole number of tokens, or 0 for off.'}
      </p>
    </>
  );
}

function triggerText(value: number): string {
  return String(value);
}
