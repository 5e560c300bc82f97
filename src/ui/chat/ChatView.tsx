import { useEffect, useRef } from 'react';
import { HANDOFF_CUSTOM_TYPE } from '../../core/handoff/handoffPrompt';
import {
  type CustomMessageEntry,
  isCustomMessageEntry,
  isMessageEntry,
  type Message,
  type SessionEntry,
} from '../../core/session/types';
import { cancelEdit, openSession } from '../../state/actions';
import { useBaton } from '../../state/useBaton';
import { HandoffReviewDialog } from '../handoff/HandoffReviewDialog';
import { HandoffCard } from './HandoffCard';
import { HandoffProgress } from './HandoffProgress';
import { MessageView } from './MessageView';

function EntryView({ entry }: { entry: SessionEntry }) {
  const streaming = useBaton((s) => (s.streaming?.entryId === entry.id ? s.streaming.message : null));
  const editing = useBaton((s) => s.editingEntryId === entry.id);
  if (isMessageEntry(entry)) {
    if (editing) return <EditingMessage message={entry.message} />;
    return streaming ? (
      <MessageView message={streaming} streaming />
    ) : (
      <MessageView message={entry.message} />
    );
  }
  if (isCustomMessageEntry(entry) && entry.display) {
    if (entry.customType === HANDOFF_CUSTOM_TYPE) return <HandoffCard entry={entry as CustomMessageEntry} />;
    return (
      <article className="custom-card" aria-label={entry.customType}>
        <pre>{entry.content}</pre>
      </article>
    );
  }
  return null;
}

/** The message ↑ is editing: shown as it was, marked, with a way out. */
function EditingMessage({ message }: { message: Message }) {
  return (
    <div className="message-editing" data-testid="editing-message">
      <MessageView message={message} />
      <p className="editing-note">
        Editing this message: sending starts a new branch from here. Esc or{' '}
        <button type="button" className="link-button" onClick={() => cancelEdit()}>
          cancel the edit
        </button>
      </p>
    </div>
  );
}

/**
 * One shared empty list: a selector that returned a fresh `[]` whenever the active
 * session is missing from the list (just deleted) would never look settled to React,
 * which then re-renders until it gives up and unmounts the app.
 */
const NO_CHILDREN: readonly string[] = [];

function HandedOffLinks() {
  const children = useBaton(
    (s) => s.sessions.find((h) => h.id === s.activeSessionId)?.children ?? NO_CHILDREN,
  );
  const sessions = useBaton((s) => s.sessions);
  if (children.length === 0) return null;
  return (
    <div className="handed-off">
      {children.map((id) => (
        <p key={id}>
          Handed off to{' '}
          <button type="button" className="link-button" onClick={() => void openSession(id)}>
            {sessions.find((h) => h.id === id)?.title ?? 'a deleted session'}
          </button>
        </p>
      ))}
    </div>
  );
}

export function ChatView() {
  const entries = useBaton((s) => s.entries);
  const streaming = useBaton((s) => s.streaming);
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  const sessionId = useBaton((s) => s.activeSessionId);
  const shownSession = useRef(sessionId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: entries and streaming are the triggers: new content scrolls.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (shownSession.current !== sessionId) {
      shownSession.current = sessionId;
      pinned.current = true;
      // A session that is only its handoff card is read from the top of the document.
      const first = entries[0];
      if (entries.length === 1 && first && isCustomMessageEntry(first)) {
        el.scrollTop = 0;
        return;
      }
    }
    if (pinned.current) el.scrollTop = el.scrollHeight;
  }, [entries, streaming, sessionId]);

  return (
    <div
      className="chat"
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget;
        // Follow the reply only while the user is at the bottom; reading up must not be yanked away.
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      <div className="chat-inner" aria-live="off">
        {entries.length === 0 && (
          <div className="empty-chat">
            <h1>Baton</h1>
            <p>Start typing below. Type / for commands; /handoff carries the work into a fresh session.</p>
          </div>
        )}
        {entries.map((entry) => (
          <EntryView key={entry.id} entry={entry} />
        ))}
        <HandedOffLinks />
        <HandoffProgress />
      </div>
      <HandoffReviewDialog />
    </div>
  );
}
