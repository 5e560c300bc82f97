import { type RefObject, useEffect, useRef, useState } from 'react';
import type { SessionEntry } from '../../core/types/entry';
import { focusEntryShown } from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';
import { ROW_KEY_ATTRIBUTE } from '../virtual/useFocusedRowKey';
import type { VirtualList } from '../virtual/useVirtualList';
import { rowIdOf } from './cancelledHandoffs';

/** How long a message linked to stays highlighted, in ms. */
const HIGHLIGHT_MS = 4_000;
/** Frames to keep bringing the row into view while the list settles (about a second). */
const SCROLL_FRAMES = 60;

/**
 * Scrolls to the message the store asks for (focusEntry) once it is among the shown
 * entries, highlights it for a few seconds and clears the request. The session opens in
 * two reads (the newest page, then everything), so an older message is reached when the
 * second read arrives; an entry the session does not have leaves the request for none.
 * A reply folded into a cancelled handoff's line (found through `entries`, the branch)
 * is reached at that line. Returns the id of the highlighted entry.
 */
export function useFocusEntry(
  entries: readonly SessionEntry[],
  shown: readonly SessionEntry[],
  scrollToIndex: VirtualList['scrollToIndex'],
  scrollerRef: RefObject<HTMLElement | null>,
): string | undefined {
  const target = useBaton((s) => s.focusEntry);
  const [highlighted, setHighlighted] = useState<string>();
  const latest = useRef(shown);
  latest.current = shown;

  useEffect(() => {
    if (!target) return;
    const rowId = rowIdOf(entries, target.entryId);
    if (!shown.some((entry) => entry.id === rowId)) return;
    focusEntryShown();
    setHighlighted(rowId);
  }, [target, shown, entries]);

  // A list just mounted is still attaching its scroller and then jumps to its bottom, and
  // rows are measured as they render: one scroll can land before any of that and be
  // undone. So the row is brought into view every frame until it is there.
  useEffect(() => {
    if (highlighted === undefined) return;
    let frames = 0;
    let frame = requestAnimationFrame(function bringIntoView() {
      const index = latest.current.findIndex((entry) => entry.id === highlighted);
      if (index !== -1) scrollToIndex(index, 'center');
      if (!isInView(scrollerRef.current, highlighted) && ++frames < SCROLL_FRAMES)
        frame = requestAnimationFrame(bringIntoView);
    });
    const timer = setTimeout(() => setHighlighted(undefined), HIGHLIGHT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [highlighted, scrollToIndex, scrollerRef]);

  return highlighted;
}

/** Whether the row of entry `id` is rendered and wholly or partly inside the scroller's view. */
function isInView(scroller: HTMLElement | null, id: string): boolean {
  const row = scroller?.querySelector(`[${ROW_KEY_ATTRIBUTE}="${CSS.escape(id)}"]`);
  if (!scroller || !row) return false;
  const view = scroller.getBoundingClientRect();
  const box = row.getBoundingClientRect();
  return box.bottom > view.top && box.top < view.bottom;
}
