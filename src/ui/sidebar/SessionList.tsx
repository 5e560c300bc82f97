import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { sessionById } from '../../state/store/sessionIndex';
import { useBaton } from '../../state/store/useBaton';
import { rangeKeeping } from '../virtual/keepIndexInRange';
import { ROW_KEY_ATTRIBUTE, useFocusedRowKey } from '../virtual/useFocusedRowKey';
import { useVirtualList } from '../virtual/useVirtualList';
import { type LineageSnapshot, nextLineage } from './lineage';
import { onRowKeyDown } from './rowKeys';
import { SessionItem } from './SessionItem';
import { fullDate, groupRows, relativeDate } from './sessionGroups';

/** A one-line row: the title button's line plus its padding and border. */
const ROW_ESTIMATE_PX = 35;
/** Rows rendered beyond each edge of the viewport, so Tab always has a next row to go to. */
const OVERSCAN = 6;
const LIST_PADDING_PX = 4;
/** Relative dates ("5 min ago") and the day sections are refreshed this often. */
const CLOCK_MS = 60_000;
/** Frames to wait for a row scrolled to by the keyboard to be rendered before focusing it. */
const FOCUS_FRAMES = 10;

/** The minute clock the rows' dates are shown against. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The sessions, each handoff chain grouped under its root (lineageRows), as a virtual
 * list: thousands of sessions cost the DOM only the rows in view. The nav is the
 * scroller, so the sidebar's top bar stays put. The open session is scrolled into view
 * when it changes and whenever the list becomes visible (the narrow layout's drawer).
 */
export function SessionList({ onOpened }: { onOpened(): void }) {
  const sessions = useBaton((s) => s.sessions);
  const activeId = useBaton((s) => s.activeSessionId);
  const lineage = useRef<LineageSnapshot | undefined>(undefined);
  const lineageRows = useMemo(() => {
    lineage.current = nextLineage(lineage.current, sessions);
    return lineage.current.rows;
  }, [sessions]);
  const clock = useMinuteClock();
  // A session just used is newer than the last tick: it is dated against the newer time.
  const now = Math.max(clock, sessions[0]?.updatedAt ?? 0);
  const rows = useMemo(() => groupRows(lineageRows, now), [lineageRows, now]);
  const background = useBaton((s) => s.backgroundSessionIds);
  const activeStreaming = useBaton((s) => s.isStreaming);
  const scrollerRef = useRef<HTMLElement>(null);
  const { focusedKey, handlers } = useFocusedRowKey();
  const indexOf = useCallback((id: string | null) => rows.findIndex((row) => row.header.id === id), [rows]);
  const focusedIndex = useMemo(() => (focusedKey === null ? -1 : indexOf(focusedKey)), [indexOf, focusedKey]);
  // The list's one tab stop: the row with the focus, else the open session's, else the first.
  const tabbableIndex = focusedIndex >= 0 ? focusedIndex : Math.max(0, indexOf(activeId));

  const {
    rows: shownRows,
    totalSize,
    viewportHeight,
    measure,
    scrollToIndex,
  } = useVirtualList({
    count: rows.length,
    scrollerRef,
    keyAt: useCallback((index: number) => rows[index]?.header.id ?? index, [rows]),
    estimateSize: () => ROW_ESTIMATE_PX,
    rangeExtractor: useMemo(() => rangeKeeping(tabbableIndex), [tabbableIndex]),
    overscan: OVERSCAN,
    paddingStart: LIST_PADDING_PX,
    paddingEnd: LIST_PADDING_PX,
    // Read when the list attaches to the scroller (after the first commit), so that at a
    // cold start the first rows rendered are those around the open session.
    initialOffset: () => {
      const scroller = scrollerRef.current;
      if (!scroller) return 0;
      const wanted = LIST_PADDING_PX + (indexOf(activeId) - 3) * ROW_ESTIMATE_PX;
      return Math.max(0, Math.min(wanted, scroller.scrollHeight - scroller.clientHeight));
    },
  });

  // A hidden drawer has no height; the open session is brought into view once it shows.
  const visible = viewportHeight > 0;
  const activeIndex = useMemo(() => indexOf(activeId), [indexOf, activeId]);
  const latestActiveIndex = useRef(activeIndex);
  latestActiveIndex.current = activeIndex;
  // Not on every reorder (a reply moves its session up): only when another one opens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: activeId and visible are the triggers; the index is read fresh.
  useEffect(() => {
    const index = latestActiveIndex.current;
    if (visible && index >= 0) scrollToIndex(index, 'auto');
  }, [activeId, visible, scrollToIndex]);

  // A row moved to by the keyboard may be outside the rendered window: it is scrolled
  // to, then focused once rendered.
  const focusRow = useCallback(
    (index: number) => {
      const id = rows[index]?.header.id;
      const scroller = scrollerRef.current;
      if (id === undefined || !scroller) return;
      scrollToIndex(index, 'auto');
      let frames = FOCUS_FRAMES;
      const attempt = () => {
        const button = scroller.querySelector<HTMLElement>(
          `[${ROW_KEY_ATTRIBUTE}="${CSS.escape(id)}"] .session-open`,
        );
        if (button) button.focus();
        else if (--frames > 0) requestAnimationFrame(attempt);
      };
      attempt();
    },
    [rows, scrollToIndex],
  );

  return (
    <nav className="session-scroller" aria-label="Sessions" ref={scrollerRef}>
      <ul
        className="session-list"
        aria-label="Sessions"
        style={{ height: totalSize }}
        {...handlers}
        onKeyDown={(event) => onRowKeyDown(event, indexOf, rows.length, focusRow)}
      >
        {shownRows.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const { header, depth, group } = row;
          return (
            <SessionItem
              key={header.id}
              header={header}
              depth={depth}
              parentTitle={sessionById(sessions, header.parentSession)?.title}
              active={header.id === activeId}
              index={item.index}
              setSize={rows.length}
              top={item.start}
              group={group}
              dateLabel={relativeDate(header.updatedAt, now)}
              dateTitle={fullDate(header.updatedAt)}
              streaming={background.includes(header.id) || (activeStreaming && header.id === activeId)}
              tabbable={item.index === tabbableIndex}
              measure={measure}
              onOpened={onOpened}
            />
          );
        })}
      </ul>
    </nav>
  );
}
