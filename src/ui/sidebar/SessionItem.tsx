import { type CSSProperties, memo, useState } from 'react';
import { titleParts } from '../../core/session/titleParts';
import type { SessionHeader } from '../../core/types/entry';
import {
  deleteSession,
  isSessionBeingWritten,
  openSession,
  pinSession,
  renameSession,
} from '../../state/actions/actions';
import { lazyPart } from '../lazyPart';
import { shownName } from '../text/revealInvisibles';
import { ROW_KEY_ATTRIBUTE } from '../virtual/useFocusedRowKey';
import type { GroupLabel } from './sessionGroups';

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
  /** The heading of the section this row starts, if it starts one. */
  group: GroupLabel | undefined;
  /** When it was last used, as the row shows it, and in full for the tooltip. */
  dateLabel: string;
  dateTitle: string;
  /** A reply is being written into it (on screen or in the background). */
  streaming: boolean;
  /** The list's one tab stop (roving tabindex): the row's other buttons are reached with ←/→. */
  tabbable: boolean;
  measure(element: HTMLLIElement | null): void;
  onOpened(): void;
}

/** One row of the Sessions list: open, pin, rename, delete; its date and badges beside the title. */
export const SessionItem = memo(function SessionItem({
  header,
  active,
  depth,
  parentTitle,
  index,
  setSize,
  top,
  group,
  dateLabel,
  dateTitle,
  streaming,
  tabbable,
  measure,
  onOpened,
}: SessionItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(header.title);
  const [confirming, setConfirming] = useState(false);
  // Asked through the tabs' session lock when the delete is asked for: a tab writing into
  // this session is named in the question (it will stop and offer to keep its reply).
  const [beingWritten, setBeingWritten] = useState(false);
  const title = shownName(header.title);
  const { name, part } = titleParts(header.title);
  const pinned = header.pinned === true;
  const imported = typeof header.importedAt === 'number';
  const metaId = `session-meta-${header.id}`;

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
      {group && <h2 className="session-group">{group}</h2>}
      <div className="session-row">
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
              // The list's arrow keys move between rows; in the field they move the caret.
              e.stopPropagation();
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
            tabIndex={tabbable ? 0 : -1}
            aria-current={active ? 'page' : undefined}
            aria-describedby={metaId}
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
            {part === undefined ? (
              title
            ) : (
              <>
                {shownName(name)}
                {/* Read and copied as the stored title says it; shown as a badge. */}
                <span className="visually-hidden"> · </span>
                <span className="session-badge part-badge">part {part}</span>
              </>
            )}
          </button>
        )}
        <span className="session-meta" id={metaId}>
          {streaming && (
            <span className="session-streaming" title="A reply is being written">
              <span aria-hidden="true">●</span>
              <span className="visually-hidden">Reply in progress,</span>
            </span>
          )}
          {pinned && (
            <span className="session-badge" title="Pinned">
              <span aria-hidden="true">📌</span>
              <span className="visually-hidden">Pinned,</span>
            </span>
          )}
          {imported && (
            <span className="session-badge" title="A copy added by an import">
              Imported
            </span>
          )}
          <time dateTime={new Date(header.updatedAt).toISOString()} title={dateTitle}>
            {dateLabel}
          </time>
        </span>
        <span className="session-actions">
          <button
            type="button"
            className="icon-button"
            tabIndex={-1}
            aria-label={`${pinned ? 'Unpin' : 'Pin'} ${title}`}
            title={pinned ? 'Unpin' : 'Pin to the top'}
            onClick={() => pinSession(header.id, !pinned)}
          >
            {pinned ? '★' : '☆'}
          </button>
          <button
            type="button"
            className="icon-button"
            tabIndex={-1}
            aria-label={`Rename ${title}`}
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
            tabIndex={-1}
            aria-label={`Delete ${title}`}
            onClick={() => {
              setConfirming(true);
              setBeingWritten(false);
              void isSessionBeingWritten(header.id).then(setBeingWritten);
            }}
          >
            ✕
          </button>
        </span>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete session?"
          message={`"${title}" and all its messages will be deleted. This cannot be undone.${
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
