import { useBaton } from '../../state/store/useBaton';
import { HandoffReviewDialog } from '../handoff/HandoffReviewDialog';
import { MessageList } from './MessageList';

/**
 * The open session's messages. The list is keyed by the session: each session gets a
 * fresh scroller and virtualizer, so it opens at its own start (its newest messages)
 * with no sizes or scroll position carried over from the one before.
 */
export function ChatView() {
  const entries = useBaton((s) => s.entries);
  const sessionId = useBaton((s) => s.activeSessionId);
  return (
    <>
      <MessageList key={sessionId ?? ''} entries={entries} />
      <HandoffReviewDialog />
    </>
  );
}
