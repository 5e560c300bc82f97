import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef } from 'react';
import type { SessionEntry } from '../../core/types/entry';
import { selectHandedOffTo } from '../../state/store/selectors';
import { lazyWhen } from '../lazyPart';
import { rangeKeeping } from '../virtual/keepIndexInRange';
import { useFocusedRowKey } from '../virtual/useFocusedRowKey';
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
 * The virtualizer keeps the reader's place: with `anchorTo: 'end'`, entries added at the
 * front (older history loaded after the newest part) leave the rows on screen where
 * they are, and keepsPlaceAbove decides which size changes above are compensated.
 */
export function MessageList({ entries }: { entries: readonly SessionEntry[] }) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const trailingRef = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => shownEntries(entries), [entries]);
  // A session that is only its handoff card is read from its top, not followed at its bottom.
  const holdTop = startsAtTop(entries);
  const onScroll = useFollowBottom(scrollerRef, trailingRef, holdTop);
  const { focusedKey, handlers } = useFocusedRowKey();
  const focusedIndex = useMemo(
    () => (focusedKey === null ? -1 : shown.findIndex((entry) => entry.id === focusedKey)),
    [shown, focusedKey],
  );

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: shown.length,
    getScrollElement: () => scrollerRef.current,
    // Both change only with the entries: a new function would rebuild every row's offset.
    getItemKey: useCallback((index: number) => shown[index]?.id ?? index, [shown]),
    estimateSize: useCallback(
      (index: number) => {
        const entry = shown[index];
        return entry ? estimateRowHeight(entry) : 0;
      },
      [shown],
    ),
    rangeExtractor: useMemo(() => rangeKeeping(focusedIndex), [focusedIndex]),
    overscan: OVERSCAN,
    paddingStart: LIST_PADDING_TOP_PX,
    // While held at the top the card's first measurements grow it downwards; anchored
    // at the end, the library would keep its bottom in view as it grew.
    anchorTo: holdTop ? 'start' : 'end',
    // Read when the virtualizer attaches to the scroller (see `attached` below): the
    // bottom of the list as laid out with estimated heights. Exactly the bottom, not past
    // it: a correction the browser clamps is kept by the library and retried later, which
    // after older history arrives would scroll to a stale position.
    initialOffset: () => {
      const scroller = scrollerRef.current;
      return holdTop || !scroller ? 0 : scroller.scrollHeight - scroller.clientHeight;
    },
  });
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = keepsPlaceAbove;
  // The first render has no scroller yet, so it lays out only the list's height; asking
  // for rows would fix the initial offset before the scroller can be measured. The
  // virtualizer renders again as soon as it has attached, before anything is painted.
  const attached = scrollerRef.current !== null;
  const items = attached ? virtualizer.getVirtualItems() : [];
  const highlighted = useFocusEntry(entries, shown, virtualizer);

  return (
    <div className="chat" ref={scrollerRef} onScroll={onScroll}>
      <div className="chat-inner" aria-live="off">
        {entries.length === 0 && <EmptyChat />}
        {shown.length > 0 && (
          <div className="chat-list" style={{ height: virtualizer.getTotalSize() }} {...handlers}>
            {items.map((item) => {
              const entry = shown[item.index];
              return (
                entry && (
                  <ChatRow
                    key={entry.id}
                    entry={entry}
                    index={item.index}
                    top={item.start}
                    measure={virtualizer.measureElement}
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

/**
 * Which measured size changes move the scroll position by as much, so what the reader
 * looks at stays put: a row wholly above the viewport, whichever way the reader
 * scrolls (the library's default skips that while scrolling up, which lets lazily
 * rendered markdown above push the page), and a row measured for the first time whose
 * top is above the viewport. A row across the top edge grows below its top and is left
 * alone, as is everything below.
 */
function keepsPlaceAbove(
  item: VirtualItem,
  _delta: number,
  instance: Virtualizer<HTMLDivElement, HTMLDivElement>,
): boolean {
  const offset = instance.scrollOffset ?? 0;
  return instance.itemSizeCache.has(item.key) ? item.end <= offset : item.start < offset;
}
