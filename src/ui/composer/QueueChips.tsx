import { cancelHeldMessage, removeQueued } from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';
import { useOnline } from './useOnline';

function preview(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * Messages typed while a reply streams, each removable before it is sent; and messages
 * sent while the browser was offline, held until it is back (issue 29), each cancellable.
 */
export function QueueChips() {
  const queue = useBaton((s) => s.queue);
  const held = useBaton((s) => s.heldOffline);
  const online = useOnline();
  if (queue.steering.length === 0 && queue.followUps.length === 0 && held.length === 0) return null;
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
      {held.map((message) => (
        <li key={message.id} className="chip chip-held">
          <span className="chip-kind">
            {online ? 'Waiting to send' : 'Offline: will send when you are back online'}
          </span>
          {' · '}
          <span className="chip-text">{preview(message.text)}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={`Cancel sending: ${preview(message.text)}`}
            title="Cancel sending (the text goes back to the message box)"
            onClick={() => void cancelHeldMessage(message.id)}
          >
            ×
          </button>
        </li>
      ))}
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
