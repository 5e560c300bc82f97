import { memo } from 'react';
import { HANDOFF_CUSTOM_TYPE } from '../../core/handoff/handoffMarkers';
import {
  type CustomMessageEntry,
  isCustomMessageEntry,
  isMessageEntry,
  type SessionEntry,
} from '../../core/types/entry';
import type { Message } from '../../core/types/message';
import { cancelEdit } from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';
import { lazyPart } from '../lazyPart';
import { PlainText } from '../text/PlainText';
import { cancelledHandoffs } from './cancelledHandoffs';
import { MessageActions } from './MessageActions';
import { MessageView } from './MessageView';

// A handoff card and the edit box show in few sessions at start-up: they load on first use (bench P5).
const InlineEdit = lazyPart(() => import('./InlineEdit').then((m) => m.InlineEdit));
const CancelledHandoffLine = lazyPart(() =>
  import('./CancelledHandoffLine').then((m) => m.CancelledHandoffLine),
);
/** A handoff under way asks for it early (MessageList's HandoffProgress). */
export const HandoffCard = lazyPart(() => import('./HandoffCard').then((m) => m.HandoffCard));

/**
 * One entry of the chat. Its selectors compare ids only (O(1)), and only the rows on
 * screen are mounted, so a streaming frame costs the same in a session of 20 or 20,000
 * entries.
 */
export const EntryView = memo(function EntryView({ entry }: { entry: SessionEntry }) {
  const streaming = useBaton((s) => (s.streaming?.entryId === entry.id ? s.streaming.message : null));
  const editing = useBaton((s) => s.editingEntryId === entry.id);
  const editingInPlace = useBaton((s) => s.editingInPlace);
  const unsaved = useBaton((s) => s.unsavedEntryIds.has(entry.id));
  const failed = useBaton((s) => s.marks.failedMessageIds.has(entry.id));
  const cancelledPartial = useBaton((s) => cancelledHandoffs(s.entries).partialByInstruction.get(entry.id));
  if (cancelledPartial !== undefined) return <CancelledHandoffLine partial={cancelledPartial} />;
  if (isMessageEntry(entry)) {
    if (editing)
      return editingInPlace ? (
        <InlineEdit message={entry.message} />
      ) : (
        <EditingMessage message={entry.message} />
      );
    return (
      <>
        {streaming ? (
          <MessageView message={streaming} streaming entryId={entry.id} />
        ) : (
          <MessageView message={entry.message} entryId={entry.id} failed={failed} />
        )}
        {!streaming && (
          <MessageActions entryId={entry.id} message={entry.message} timestamp={entry.timestamp} />
        )}
        {unsaved && <p className="unsaved-note">Not saved yet: kept in this tab, saving is retried.</p>}
      </>
    );
  }
  if (isCustomMessageEntry(entry) && entry.display) {
    if (entry.customType === HANDOFF_CUSTOM_TYPE) return <HandoffCard entry={entry as CustomMessageEntry} />;
    return (
      <article className="custom-card" aria-label={entry.customType}>
        <pre>
          <PlainText text={entry.content} />
        </pre>
      </article>
    );
  }
  return null;
});

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
