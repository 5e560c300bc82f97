import { useCallback, useRef } from 'react';
import { newSession } from '../../state/actions/actions';
import { InstallButton } from '../pwa/InstallButton';
import { ThemeToggle } from '../theme/ThemeToggle';
import { SessionList } from './SessionList';
import { SessionSearch } from './SessionSearch';
import './sidebar.css';

/**
 * The sessions, each handoff chain grouped under its root. `onNavigate` lets the narrow
 * layout close the drawer once a session is picked.
 */
export function Sidebar({ id, onNavigate }: { id?: string; onNavigate?: () => void }) {
  // The rows are memoised; a callback that stayed the same across App renders keeps them so.
  const navigate = useRef(onNavigate);
  navigate.current = onNavigate;
  const done = useCallback(() => navigate.current?.(), []);
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
        <InstallButton />
      </div>
      <SessionSearch onOpened={done} />
      <SessionList onOpened={done} />
    </aside>
  );
}
