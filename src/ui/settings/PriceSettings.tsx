import { useEffect, useId, useRef, useState } from 'react';
import { knownModels, type ModelPrice, modelFacts } from '../../core/models/modelTable';
import {
  basePriceFor,
  type PriceOverrides,
  priceFor,
  priceSource,
  withPriceOverride,
} from '../../core/usage/modelPrice';
import { selectCurrentModel } from '../../state/store/selectors';
import type { Settings } from '../../state/store/settings';
import { useBaton, useBatonShallow } from '../../state/store/useBaton';
import './priceSettings.css';
import {
  modelChoices,
  PRICE_FIELDS,
  PRICE_LABELS,
  type PriceField,
  type PriceTexts,
  parsePriceTexts,
  priceTexts,
} from './priceForm';

interface Props {
  draft: Settings;
  update: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
}

const TABLE_MODELS = knownModels().map((facts) => facts.id);

/**
 * Settings' Prices section: the four prices of one model, over the model table's, in the
 * dialog's draft. Mounted afresh each time the dialog opens, so it starts at the open
 * session's model and no half-typed price outlives a Cancel.
 */
export function PriceSettings(props: Props) {
  const open = useBaton((s) => s.settingsOpen);
  return open ? <PriceEditor {...props} /> : null;
}

function PriceEditor({ draft, update }: Props) {
  const currentModel = useBaton(selectCurrentModel);
  const answered = useBatonShallow((s) => s.sessionUsage?.models.map((line) => line.model) ?? []);
  const [model, setModel] = useState(currentModel);
  const choices = modelChoices([currentModel, ...answered], Object.keys(draft.priceOverrides), TABLE_MODELS);
  const group = (label: string, models: string[]) =>
    models.length > 0 && (
      <optgroup label={label}>
        {models.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </optgroup>
    );

  return (
    <fieldset className="settings-section price-settings">
      <legend>Prices</legend>
      <label>
        Model to price
        <select value={model} onChange={(e) => setModel(e.target.value)}>
          {group('This session', choices.session)}
          {group('Your prices', choices.priced)}
          {group('Model table', choices.table)}
        </select>
      </label>
      <PriceFields
        key={model}
        model={model}
        overrides={draft.priceOverrides}
        onChange={(next) => update('priceOverrides', next)}
      />
    </fieldset>
  );
}

function PriceFields({
  model,
  overrides,
  onChange,
}: {
  model: string;
  overrides: PriceOverrides;
  onChange: (next: Record<string, ModelPrice>) => void;
}) {
  const hintId = useId();
  const shown = priceFor(model, overrides);
  const allowNone = basePriceFor(model, overrides) === undefined;
  const [texts, setTexts] = useState(() => priceTexts(shown));
  const parsed = parsePriceTexts(texts, allowNone);

  // The draft's price changed under the fields (Reset, or the dialog reopening with the
  // saved settings): show it, unless the fields already say the same.
  const shownText = JSON.stringify(priceTexts(shown));
  const latest = useRef({ shown, allowNone });
  latest.current = { shown, allowNone };
  useEffect(() => {
    setTexts((current) => {
      const read = parsePriceTexts(current, latest.current.allowNone);
      return read.ok && JSON.stringify(priceTexts(read.price)) === shownText
        ? current
        : priceTexts(latest.current.shown);
    });
  }, [shownText]);

  const edit = (field: PriceField, text: string) => {
    const next = { ...texts, [field]: text };
    setTexts(next);
    const read = parsePriceTexts(next, allowNone);
    // Only a whole, valid price reaches the draft; a wrong one blocks Save (see PriceInput).
    if (read.ok) onChange(withPriceOverride(overrides, model, read.price));
  };

  const source = priceSource(model, overrides);
  return (
    <>
      <p id={hintId} className="muted">
        US dollars per million tokens. {sourceSentence(source, model)}
      </p>
      <div className="price-fields">
        {PRICE_FIELDS.map((field) => (
          <PriceInput
            key={field}
            field={field}
            texts={texts}
            hintId={hintId}
            error={parsed.ok ? undefined : parsed.errors[field]}
            onEdit={edit}
          />
        ))}
      </div>
      <button
        type="button"
        disabled={source !== 'own'}
        onClick={() => {
          setTexts(priceTexts(basePriceFor(model, overrides)));
          onChange(withPriceOverride(overrides, model, undefined));
        }}
      >
        Reset to table prices
      </button>
    </>
  );
}

function sourceSentence(source: ReturnType<typeof priceSource>, model: string): string {
  switch (source) {
    case 'own':
      return `Your price for ${model}.`;
    case 'family':
      return `Your price for the ${modelFacts(model).id} family; one entered here is for ${model} alone.`;
    case 'table':
      return "The model table's price.";
    case 'none':
      return 'No price is known for this model, so only its tokens are counted. Enter all four to estimate its cost.';
  }
}

/**
 * One price field. A wrong value is marked invalid for the browser too, so the dialog's
 * Save stops at it with the same sentence instead of saving the last good price silently.
 */
function PriceInput({
  field,
  texts,
  hintId,
  error,
  onEdit,
}: {
  field: PriceField;
  texts: PriceTexts;
  hintId: string;
  error: string | undefined;
  onEdit: (field: PriceField, text: string) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const errorId = useId();
  useEffect(() => {
    ref.current?.setCustomValidity(error ?? '');
  }, [error]);
  return (
    <div className="price-field">
      <label>
        {PRICE_LABELS[field]}
        <input
          ref={ref}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={texts[field]}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(e) => onEdit(field, e.target.value)}
        />
      </label>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
