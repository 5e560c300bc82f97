import { useEffect, useState } from 'react';
import { HANDOFF_PROMPT_MARKER } from '../../core/handoff/handoffMarkers';
import type { Message } from '../../core/types/message';
import { displayText, textOf } from '../../core/types/messageText';
import { editMessage, retryReply } from '../../state/actions/actions';
import { selectIsNewest } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { lazyPart } from '../lazyPart';
import { MessageTime } from './MessageTime';

// Only messages with several versions show it (bench P5).
const VersionSwitcher = lazyPart(() => import('./VersionSwitcher').then((m) => m.VersionSwitcher));

/** Replies that ended early: each offers Retry wherever it is in the branch. */
const RETRIED_ANYWHERE: ReadonlySet<Message['stopReason']> = new Set([
  'max_tokens',
  'aborted',
  'interrupted',
  'model_context_window_exceeded',
]);

/** How long "Copied" is said after a copy. */
const COPIED_MS = 2000;

/** The message as Markdown: a reply's text as the model wrote it, the user's words as typed. */
export function messageMarkdown(message: Message): string {
  return message.role === 'assistant' ? displayText(message) : textOf(message);
}

/**
 * The actions under a finished message: Copy, Retry (the newest reply, and any reply cut
 * off), Edit (the user's own messages) and the switcher between its versions. Shown on
 * hover or focus (always on touch screens and under the newest message); a failed reply
 * has its Retry beside its error (MessageView) instead, so it is offered once.
 */
export function MessageActions({
  entryId,
  message,
  timestamp,
}: {
  entryId: string;
  message: Message;
  /** When the entry was written (its timestamp), shown with the actions. */
  timestamp?: number;
}) {
  const busy = useBaton((s) => s.isStreaming);
  const newest = useBaton(selectIsNewest(message));
  const place = useBaton((s) => s.marks.versions.get(entryId));
  const isUser = message.role === 'user';
  if (isUser && textOf(message).startsWith(HANDOFF_PROMPT_MARKER)) return null;
  const text = messageMarkdown(message);
  const retryable =
    !isUser && message.stopReason !== 'error' && (newest || RETRIED_ANYWHERE.has(message.stopReason));
  return (
    <div
      className={`message-actions${isUser ? ' message-actions-user' : ''}${newest ? ' message-actions-shown' : ''}`}
    >
      {timestamp !== undefined && <MessageTime timestamp={timestamp} />}
      {place && <VersionSwitcher place={place} disabled={busy} />}
      {text && <CopyButton text={text} />}
      {retryable && !busy && (
        <button type="button" className="action-button" onClick={() => void retryReply(entryId)}>
          Retry
        </button>
      )}
      {isUser && !busy && (
        <button type="button" className="action-button" onClick={() => editMessage(entryId)}>
          Edit
        </button>
      )}
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // The browser refused (no permission, page not focused): nothing was copied, and
      // saying "Copied" would be a lie; the button stays as it was.
    }
  };
  return (
    <>
      <button type="button" className="action-button" onClick={() => void copy()}>
        Copy
      </button>
      <span className="action-note" role="status">
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}
