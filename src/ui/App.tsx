import { useEffect } from 'react';
import { stop } from '../state/actions';
import { useBaton } from '../state/useBaton';
import { ChatView } from './chat/ChatView';
import { Composer } from './composer/Composer';
import { Notices } from './Notices';
import { StatusLine } from './StatusLine';
import { SettingsDialog } from './settings/SettingsDialog';
import { Sidebar } from './sidebar/Sidebar';
import { TodosPanel } from './TodosPanel';

export function App() {
  const phase = useBaton((s) => s.phase);
  const loadError = useBaton((s) => s.loadError);

  useEffect(() => {
    // Esc anywhere stops the reply or cancels the handoff, unless a dialog handles it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog[open]')) return;
      if (stop()) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  if (phase === 'loading') {
    return (
      <main className="splash" aria-busy="true">
        Loading your sessions…
      </main>
    );
  }
  if (phase === 'failed') {
    return (
      <main className="splash" role="alert">
        <h1>Baton could not open its storage</h1>
        <p>{loadError}</p>
        <p>Your data has not been changed. Reload the page to try again.</p>
      </main>
    );
  }
  return (
    <div className="app">
      <Sidebar />
      <main className="main">
        <StatusLine />
        <ChatView />
        <Composer />
      </main>
      <TodosPanel />
      <SettingsDialog />
      <Notices />
    </div>
  );
}
