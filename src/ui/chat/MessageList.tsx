import { useCallback, useMemo, useRef } from 'react';
import type { SessionEntry } from '../../core/types/entry';
import { selectHandedOffTo } from '../../state/store/selectors';
import { lazyWhen } from '../lazyPart';
import { rangeKeeping } from '../virtual/keepIndexInRange';
import { useFocusedRowKey } from '../virtual/useFocusedRowKey';
import { useVirtualList } from '../virtual/useVirtualList';
import { ChatRow } from './ChatRow';
import { estimateRowHeight, shownEntries, startsAtTop } from './chatRows';
import { EmptyChat } from './EmptyChat';
import { HandoffCard } from './EntryView';
import { useFocusEntry } from './useFocusEntry';
import { useFollowBottom } from './useFollowBottom';

// Only a session handed off shows its links (bench P5).
const HandedOffLinks = lazyWhen(
  (s) => selectHandedOffTo(s).length > 0,
  () => import('./HandedOffLinks').then((m) => m.HandedOffLinks),
);
// Loaded when a handoff starts, not at start-up (bench P5); so is the card the new
// session opens on, so that its first paint has it (bench P2).
const HandoffProgress = lazyWhen(
  (s) => s.handoff.status === 'generating' || s.handoff.status === 'switching',
  () => {
    HandoffCard.preload();
    return import('./HandoffProgress').then((m) => m.HandoffProgress);
  },
);

/** Rows rendered beyond each edge of the viewport: enough for a wheel notch or a Tab. */
const OVERSCAN = 4;
/** Space above the first message (the list sits at the top of the scroll content). */
const LIST_PADDING_TOP_PX = 16;

/**
 * The messages of one session as a virtual list: only the rows near the viewport are
 * in the DOM, each measured as it renders. It opens at the bottom (a session that is
 * only its handoff card at the top) and follows the reply while the reader is at the
 * bottom (useFollowBottom).
 *
 * The list keeps the reader's place: entries added at the front (older history loaded
 * after the newest part) leave the rows on screen where they are, and a row above the
 * view that is measured anew moves the scroll position by as much (keepsPlaceAbove).
 */
export function MessageList({ entries }: { entries: readonly SessionEntry[] }) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const trailingRef = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => shownEntries(entries), [entries]);
  // A session that is only its handoff card is read from its top, not followed at its bottom.
  const holdTop = startsAtTop(entries);
  const { focusedKey, handlers } = useFocusedRowKey();
  const focusedIndex = useMemo(
    () => (focusedKey === null ? -1 : shown.findIndex((entry) => entry.id === focusedKey)),
    [shown, focusedKey],
  );

  // Before useFollowBottom: its layout effect then runs after the list's, so a reader
  // at the bottom is brought back to it after any correction of the list's.
  const list = useVirtualList({
    count: shown.length,
    scrollerRef,
    // Changes only with the entries: a new function lays every row out again.
    keyAt: useCallback((index: number) => shown[index]?.id ?? index, [shown]),
    estimateSize: (index) => {
      const entry = shown[index];
      return entry ? estimateRowHeight(entry) : 0;
    },
    rangeExtractor: useMemo(() => rangeKeeping(focusedIndex), [focusedIndex]),
    overscan: OVERSCAN,
    paddingStart: LIST_PADDING_TOP_PX,
    // Held at the top, the view stays at the top whatever the rows do.
    keepPlaceOnChange: !holdTop,
    // Read when the list attaches to the scroller: the bottom of the list as laid out
    // with estimated heights.
    initialOffset: () => {
      const scroller = scrollerRef.current;
      return holdTop || !scroller ? 0 : scroller.scrollHeight - scroller.clientHeight;
    },
  });
  const onScroll = useFollowBottom(scrollerRef, trailingRef, holdTop);
  const highlighted = useFocusEntry(entries, shown, list.scrollToIndex, scrollerRef);

  return (
    <div className="chat" ref={scrollerRef} onScroll={onScroll}>
      <div className="chat-inner" aria-live="off">
        {entries.length === 0 && <EmptyChat />}
        {shown.length > 0 && (
          <div className="chat-list" style={{ height: list.totalSize }} {...handlers}>
            {list.rows.map((row) => {
              const entry = shown[row.index];
              return (
                entry && (
                  <ChatRow
                    key={entry.id}
                    entry={entry}
                    index={row.index}
                    top={row.start}
                    measure={list.measure}
                    highlighted={entry.id === highlighted}
                  />
                )
              );
            })}
          </div>
        )}
        <div className="chat-trailing" ref={trailingRef}>
          <HandedOffLinks />
          <HandoffProgress />
        </div>
      </div>
    </div>
  );
}
