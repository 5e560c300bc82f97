import { type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

/** Within this distance of the bottom the reader counts as following the reply. */
const PIN_SLACK_PX = 80;

/**
 * Keeps the chat at its bottom while the reader is there: a streaming reply, markdown
 * that finishes loading, a message being edited, the handoff progress line or a
 * smaller window all change the scroll geometry, and each change scrolls back down.
 * A reader who scrolled up is left where they are. While `holdTop` (a session that is
 * only its handoff card, read from the top) nothing pulls the reader down until they
 * reach the bottom themselves or a message is added.
 *
 * "Pinned" follows the reader's own scrolling (the onScroll it returns): reaching the
 * bottom pins, moving up away from it unpins. Content growing under a pinned reader
 * never moves the scroll position up, so a scroll event that reports the bottom further
 * away than before (the content grew between a write and its event) keeps the pin. Geometry is
 * checked on every commit of the owner (a list row measured, rows added) and by a
 * ResizeObserver on the scroller and on `trailing`, the content under the list. Only
 * a change of geometry scrolls, so a reader inching up from the bottom by keyboard is
 * never pulled back by a mere re-render.
 */
export function useFollowBottom(
  scrollerRef: RefObject<HTMLElement | null>,
  trailingRef: RefObject<HTMLElement | null>,
  holdTop: boolean,
): () => void {
  const pinned = useRef(!holdTop);
  const heldAtTop = useRef(holdTop);
  const lastTop = useRef(0);
  const geometry = useRef({ scrollHeight: -1, clientHeight: -1 });

  const follow = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const { scrollHeight, clientHeight } = scroller;
    const seen = geometry.current;
    if (scrollHeight === seen.scrollHeight && clientHeight === seen.clientHeight) return;
    geometry.current = { scrollHeight, clientHeight };
    // Content that fits cannot have been scrolled away from: whatever comes next follows.
    // Not while held at the top: a card drawn in parts fits at first and then grows.
    if (scrollHeight <= clientHeight && !heldAtTop.current) pinned.current = true;
    if (pinned.current) scroller.scrollTop = scrollHeight - clientHeight;
  }, [scrollerRef]);

  // No dependencies on purpose: every commit of the owner may have moved the bottom.
  useLayoutEffect(() => {
    // The hold begins when the card arrives (a session's entries may come a render after
    // the list) and ends with the first message after it: from then on the chat follows.
    if (holdTop && !heldAtTop.current) pinned.current = false;
    if (heldAtTop.current && !holdTop) pinned.current = true;
    heldAtTop.current = holdTop;
    follow();
  });

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    // Neither element contains the list's rows, whose own observer re-renders the owner.
    const observer = new ResizeObserver(() => follow());
    observer.observe(scroller);
    if (trailingRef.current) observer.observe(trailingRef.current);
    return () => observer.disconnect();
  }, [follow, scrollerRef, trailingRef]);

  return useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const top = scroller.scrollTop;
    const nearBottom = scroller.scrollHeight - top - scroller.clientHeight < PIN_SLACK_PX;
    // Held at the top, only the reader's own scroll down pins: a card still being drawn
    // (its markdown arrives in slices) is near its bottom at the top without a scroll.
    if (nearBottom && !(heldAtTop.current && top === 0)) pinned.current = true;
    else if (top < lastTop.current) pinned.current = false;
    lastTop.current = top;
  }, [scrollerRef]);
}
