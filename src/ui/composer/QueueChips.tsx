import { removeQueued } from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';

function preview(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** Messages typed while a reply streams, each removable before it is sent. */
export function QueueChips() {
  const queue = useBaton((s) => s.queue);
  if (queue.steering.length === 0 && queue.followUps.length === 0) return null;
  const chips = [
    ...queue.steering.map((text, index) => ({ kind: 'steering' as const, text, index, label: 'Next turn' })),
    ...queue.followUps.map((text, index) => ({
      kind: 'followUp' as const,
      text,
      index,
      label: 'After reply',
    })),
  ];
  return (
    <ul className="queue-chips" aria-label="Queued messages">
      {chips.map((chip) => (
        <li key={`${chip.kind}-${chip.index}`} className={`chip chip-${chip.kind}`}>
          <span className="chip-kind">{chip.label}:</span>{' '}
          <span className="chip-text">{preview(chip.text)}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove queued message: ${preview(chip.text)}`}
            onClick={() => removeQueued(chip.kind, chip.index)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
