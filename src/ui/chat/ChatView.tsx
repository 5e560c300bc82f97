import { selectSessionTitle } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { shownName } from '../text/revealInvisibles';
import { MessageList } from './MessageList';
import { useDrawnAfterFirstPaint } from './useDrawnAfterFirstPaint';
import './chat.css';
import './markdown.css';
import { lazyWhen } from '../lazyPart';

// Loaded when a handoff document is up for review, not at start-up (bench P5).
const HandoffReviewDialog = lazyWhen(
  (s) => s.handoffReview !== null,
  () => import('../handoff/HandoffReviewDialog').then((m) => m.HandoffReviewDialog),
);

/**
 * The open session's messages. The list is keyed by the session: each session gets a
 * fresh scroller and virtualizer, so it opens at its own start (its newest messages)
 * with no sizes or scroll position carried over from the one before.
 */
export function ChatView() {
  const entries = useBaton((s) => s.entries);
  const sessionId = useBaton((s) => s.activeSessionId);
  const opening = useBaton((s) => s.openingSessionId);
  // Mounted once, when start-up first shows the stored session: its messages are drawn
  // the frame after the rest of the page. Meanwhile the chat's place is there, empty and
  // busy, so nothing around it moves when they come.
  const drawn = useDrawnAfterFirstPaint(entries.length > 0);
  return (
    <>
      {!drawn ? (
        <div className="chat" aria-busy="true" />
      ) : opening !== null && opening !== sessionId ? (
        <SessionLoading sessionId={opening} />
      ) : (
        <MessageList key={sessionId ?? ''} entries={entries} />
      )}
      <HandoffReviewDialog />
    </>
  );
}

/**
 * A session clicked and not read yet: its title and a few placeholder rows at once,
 * so the click is answered within a frame however long the read takes.
 */
function SessionLoading({ sessionId }: { sessionId: string }) {
  const title = useBaton(selectSessionTitle(sessionId));
  return (
    <div className="chat" aria-busy="true">
      <div
        className="chat-inner session-loading"
        role="status"
        aria-label={`Loading ${shownName(title ?? 'session')}`}
      >
        <h2 className="session-loading-title">{title && shownName(title)}</h2>
        <div className="skeleton-row" />
        <div className="skeleton-row skeleton-row-short" />
        <div className="skeleton-row" />
      </div>
    </div>
  );
}
