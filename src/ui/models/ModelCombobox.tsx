import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { type ModelOption, matchingOptions } from './modelOptions';
import './modelCombobox.css';

export interface ModelComboboxProps {
  /** The field's visible label (the list is "Known models": never a second match for the label). */
  label: string;
  value: string;
  /** Every change of the text, typed or picked. */
  onChange(value: string): void;
  options: readonly ModelOption[];
  /** An option was picked (click, or Enter on the highlighted one). */
  onPick?(id: string): void;
  /** Enter with no option highlighted; unset, Enter does what it does in the form around. */
  onEnter?(): void;
  /** Open with the list shown (a popover whose only job is the choice). */
  startOpen?: boolean;
  describedBy?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
  /**
   * Takes the focus when it appears: where it loads on first use (a popover that opened
   * before its chunk arrived), the popover's own first focus found nothing to focus.
   */
  focusOnMount?: boolean;
}

/**
 * A model id field with the model table as a list under it: the ARIA combobox pattern
 * (an editable input, a listbox, the highlighted option as aria-activedescendant). Any
 * id can be typed; ↓/↑ move through the list, Enter picks, Esc closes the list.
 */
export function ModelCombobox({
  label,
  value,
  onChange,
  options,
  onPick,
  onEnter,
  startOpen = false,
  describedBy,
  inputRef,
  focusOnMount = false,
}: ModelComboboxProps) {
  const ownInput = useRef<HTMLInputElement>(null);
  const field = inputRef ?? ownInput;
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const [open, setOpen] = useState(startOpen);
  const [active, setActive] = useState(-1);
  const shown = matchingOptions(options, value);
  const expanded = open && shown.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the field first appears.
  useEffect(() => {
    if (focusOnMount) field.current?.focus();
  }, []);

  useEffect(() => {
    if (!expanded || active < 0) return;
    // A block body: scrollIntoView returns a promise in Chromium, never the effect's cleanup.
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const pick = (option: ModelOption) => {
    onChange(option.id);
    setOpen(false);
    setActive(-1);
    onPick?.(option.id);
  };

  const move = (step: 1 | -1) => {
    if (!expanded) {
      setOpen(true);
      // Opening starts at the current choice, if it is in the list.
      const current = shown.findIndex((option) => option.id === value.trim());
      setActive(current >= 0 ? current : step === 1 ? 0 : shown.length - 1);
      return;
    }
    setActive((index) => Math.min(shown.length - 1, Math.max(0, index + step)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const highlighted = expanded && active >= 0 ? shown[active] : undefined;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        return;
      case 'Enter':
        if (highlighted) {
          event.preventDefault();
          pick(highlighted);
        } else if (onEnter) {
          event.preventDefault();
          onEnter();
        }
        return;
      case 'Escape':
        if (expanded) {
          // Closes the list only, not the dialog or popover around it.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  return (
    <div className="model-combobox">
      <label>
        {label}
        <input
          ref={field}
          role="combobox"
          value={value}
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onClick={() => setOpen((was) => !was)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
      </label>
      <div id={listId} role="listbox" aria-label="Known models" className="model-listbox" hidden={!expanded}>
        {shown.map((option, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the input (aria-activedescendant).
          <div
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'model-option active' : 'model-option'}
            // mousedown, not click: the input keeps the focus, and its blur does not close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(option);
            }}
          >
            <span className="model-option-id">{option.id}</span>
            <span className="model-option-detail">{option.detail}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
