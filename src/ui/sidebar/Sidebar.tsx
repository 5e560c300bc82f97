import { type CSSProperties, useState } from 'react';
import type { SessionHeader } from '../../core/session/types';
import { deleteSession, newSession, openSession, renameSession } from '../../state/actions';
import { useBaton } from '../../state/useBaton';
import { ConfirmDialog } from '../ConfirmDialog';
import { ThemeToggle } from '../theme/ThemeToggle';
import { lineageRows } from './lineage';

function SessionItem({
  header,
  active,
  depth,
  parentTitle,
  onOpened,
}: {
  header: SessionHeader;
  active: boolean;
  depth: number;
  /** Title of the session this one was handed off from, when it still exists. */
  parentTitle: string | undefined;
  onOpened(): void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(header.title);
  const [confirming, setConfirming] = useState(false);

  const commit = () => {
    setEditing(false);
    if (draft.trim() && draft.trim() !== header.title) renameSession(header.id, draft);
  };

  return (
    <li
      className={`session-item${active ? ' active' : ''}${depth > 0 ? ' handoff-child' : ''}`}
      // Deep chains stop indenting at a point, so titles stay readable in a narrow sidebar.
      // The cast: CSSProperties does not list custom properties; the stylesheet reads --depth.
      style={{ '--depth': Math.min(depth, 4) } as CSSProperties}
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
          title={parentTitle ? `Handed off from ${parentTitle}` : undefined}
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
          {header.title}
        </button>
      )}
      <span className="session-actions">
        <button
          type="button"
          className="icon-button"
          aria-label={`Rename ${header.title}`}
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
          aria-label={`Delete ${header.title}`}
          onClick={() => setConfirming(true)}
        >
          ✕
        </button>
      </span>
      {confirming && (
        <ConfirmDialog
          title="Delete session?"
          message={`"${header.title}" and all its messages will be deleted. This cannot be undone.`}
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
}

/**
 * The sessions, each handoff chain grouped under its root. `onNavigate` lets the narrow
 * layout close the drawer once a session is picked.
 */
export function Sidebar({ id, onNavigate }: { id?: string; onNavigate?: () => void }) {
  const sessions = useBaton((s) => s.sessions);
  const activeId = useBaton((s) => s.activeSessionId);
  const rows = lineageRows(sessions);
  const titles = new Map(sessions.map((h) => [h.id, h.title]));
  const done = () => onNavigate?.();
  return (
    <aside className="sidebar" id={id} aria-label="Sessions sidebar">
      <div className="sidebar-top">
        <span className="brand">Baton</span>
        <button
          type="button"
          onClick={() => {
            done();
            void newSession();
          }}
        >
          New session
        </button>
      </div>
      <div className="sidebar-tools">
        <ThemeToggle />
      </div>
      <nav aria-label="Sessions">
        <ul className="session-list" aria-label="Sessions">
          {rows.map(({ header, depth }) => (
            <SessionItem
              key={header.id}
              header={header}
              depth={depth}
              parentTitle={header.parentSession ? titles.get(header.parentSession) : undefined}
              active={header.id === activeId}
              onOpened={done}
            />
          ))}
        </ul>
      </nav>
    </aside>
  );
}
