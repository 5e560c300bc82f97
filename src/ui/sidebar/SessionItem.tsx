import { type CSSProperties, memo, useState } from 'react';
import type { SessionHeader } from '../../core/types/entry';
import {
  deleteSession,
  isSessionBeingWritten,
  openSession,
  renameSession,
} from '../../state/actions/actions';
import { lazyPart } from '../lazyPart';
import { shownName } from '../text/revealInvisibles';
import { ROW_KEY_ATTRIBUTE } from '../virtual/useFocusedRowKey';

// Loaded when a deletion is first asked for (bench P5).
const ConfirmDialog = lazyPart(() => import('../ConfirmDialog').then((m) => m.ConfirmDialog));

export interface SessionItemProps {
  header: SessionHeader;
  active: boolean;
  depth: number;
  /** Title of the session this one was handed off from, when it still exists. */
  parentTitle: string | undefined;
  /** Place in the whole list (0-based) and its length: the list in the DOM is only a window of it. */
  index: number;
  setSize: number;
  /** Offset from the top of the list, in px. */
  top: number;
  measure(element: HTMLLIElement | null): void;
  onOpened(): void;
}

/** One row of the Sessions list: open, rename, delete. */
export const SessionItem = memo(function SessionItem({
  header,
  active,
  depth,
  parentTitle,
  index,
  setSize,
  top,
  measure,
  onOpened,
}: SessionItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(header.title);
  const [confirming, setConfirming] = useState(false);
  // Asked through the tabs' session lock when the delete is asked for: a tab writing into
  // this session is named in the question (it will stop and offer to keep its reply).
  const [beingWritten, setBeingWritten] = useState(false);

  const commit = () => {
    setEditing(false);
    if (draft.trim() && draft.trim() !== header.title) renameSession(header.id, draft);
  };

  return (
    <li
      ref={measure}
      data-index={index}
      {...{ [ROW_KEY_ATTRIBUTE]: header.id }}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className={`session-item${active ? ' active' : ''}${depth > 0 ? ' handoff-child' : ''}`}
      // Deep chains stop indenting at a point, so titles stay readable in a narrow sidebar.
      // The cast: CSSProperties does not list custom properties; the stylesheet reads --depth.
      style={{ '--depth': Math.min(depth, 4), transform: `translateY(${top}px)` } as CSSProperties}
    >
      {editing ? (
        <input
          className="session-rename"
          aria-label="Session title"
          value={draft}
          // biome-ignore lint/a11y/noAutofocus: the user just asked to rename; the field must take the keys.
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            if (e.key === 'Escape') {
              e.preventDefault();
              setDraft(header.title);
              setEditing(false);
            }
          }}
        />
      ) : (
        <button
          type="button"
          className="session-open"
          aria-current={active ? 'page' : undefined}
          title={parentTitle ? `Handed off from ${shownName(parentTitle)}` : undefined}
          onClick={() => {
            onOpened();
            void openSession(header.id);
          }}
        >
          {header.parentSession && (
            <span className="handoff-mark" title="Continued from another session by handoff">
              ↪{' '}
            </span>
          )}
          {shownName(header.title)}
        </button>
      )}
      <span className="session-actions">
        <button
          type="button"
          className="icon-button"
          aria-label={`Rename ${shownName(header.title)}`}
          onClick={() => {
            setDraft(header.title);
            setEditing(true);
          }}
        >
          ✎
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={`Delete ${shownName(header.title)}`}
          onClick={() => {
            setConfirming(true);
            setBeingWritten(false);
            void isSessionBeingWritten(header.id).then(setBeingWritten);
          }}
        >
          ✕
        </button>
      </span>
      {confirming && (
        <ConfirmDialog
          title="Delete session?"
          message={`"${shownName(header.title)}" and all its messages will be deleted. This cannot be undone.${
            beingWritten
              ? ' A reply is being written into it right now: it will be stopped, and offered there to keep.'
              : ''
          }`}
          confirmLabel="Delete"
          onConfirm={() => {
            setConfirming(false);
            void deleteSession(header.id);
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
});
