import type { CompletionItem } from '../../core/commands/autocomplete';

export const AUTOCOMPLETE_ID = 'slash-autocomplete';

export function optionId(index: number): string {
  return `${AUTOCOMPLETE_ID}-${index}`;
}

/**
 * The `/` list. The textarea keeps focus and points at the selected option with
 * aria-activedescendant (the ARIA combobox pattern), so options need no focus.
 */
export function SlashAutocomplete(props: {
  items: CompletionItem[];
  selected: number;
  onPick(item: CompletionItem): void;
}) {
  return (
    <div className="autocomplete" id={AUTOCOMPLETE_ID} role="listbox" aria-label="Commands">
      {props.items.map((item, index) => (
        // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the textarea (aria-activedescendant).
        <div
          key={`${item.kind}:${item.name}`}
          id={optionId(index)}
          role="option"
          aria-selected={index === props.selected}
          className={index === props.selected ? 'ac-option selected' : 'ac-option'}
          // mousedown, not click: the textarea must keep focus.
          onMouseDown={(e) => {
            e.preventDefault();
            props.onPick(item);
          }}
        >
          <span className="ac-name">/{item.name}</span>
          {item.hint && <span className="ac-hint">{item.hint}</span>}
          <span className="ac-description">{item.description}</span>
        </div>
      ))}
    </div>
  );
}
