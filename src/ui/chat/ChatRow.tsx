import { memo } from 'react';
import type { SessionEntry } from '../../core/types/entry';
import { ROW_KEY_ATTRIBUTE } from '../virtual/useFocusedRowKey';
import { EntryView } from './EntryView';

/**
 * One positioned row of the virtual message list. The row, not the message, is
 * measured: its padding is the gap between messages, so the measured height is all
 * the space the entry takes.
 */
export const ChatRow = memo(function ChatRow({
  entry,
  index,
  top,
  measure,
  highlighted = false,
}: {
  entry: SessionEntry;
  index: number;
  /** Offset from the top of the list, in px. */
  top: number;
  measure(element: HTMLDivElement | null): void;
  /** The message a link led to: marked for a few seconds so the eye finds it. */
  highlighted?: boolean;
}) {
  return (
    <div
      className={highlighted ? 'chat-row chat-row-highlighted' : 'chat-row'}
      {...(highlighted && { 'aria-current': 'location' as const })}
      ref={measure}
      data-index={index}
      {...{ [ROW_KEY_ATTRIBUTE]: entry.id }}
      style={{ transform: `translateY(${top}px)` }}
    >
      <EntryView entry={entry} />
    </div>
  );
});
