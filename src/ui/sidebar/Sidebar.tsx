import { useState } from 'react';
import type { SessionHeader } from '../../core/session/types';
import { deleteSession, newSession, openSession, renameSession } from '../../state/actions';
import { useBaton } from '../../state/useBaton';
import { ConfirmDialog } from '../ConfirmDialog';

function SessionItem({ header, active }: { header: SessionHeader; active: boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(header.title);
  const [confirming, setConfirming] = useState(false);

  const commit = () => {
    setEditing(false);
    if (draft.trim() && draft.trim() !== header.title) renameSession(header.id, draft);
  };

  return (
    <li className={`session-item${active ? ' active' : ''}${header.parentSession ? ' handoff-child' : ''}`}>
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
          onClick={() => void openSession(header.id)}
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

export function Sidebar() {
  const sessions = useBaton((s) => s.sessions);
  const activeId = useBaton((s) => s.activeSessionId);
  return (
    <aside className="sidebar">
      <div className="sidebar-top">
        <span className="brand">Baton</span>
        <button type="button" onClick={() => void newSession()}>
          New session
        </button>
      </div>
      <nav>
        <ul className="session-list" aria-label="Sessions">
          {sessions.map((header) => (
            <SessionItem key={header.id} header={header} active={header.id === activeId} />
          ))}
        </ul>
      </nav>
    </aside>
  );
}
