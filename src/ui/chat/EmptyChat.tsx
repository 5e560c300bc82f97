/**
 * A session with no messages yet: the first-run card while the app has neither a key nor
 * a session (a newcomer), otherwise one line on how to start.
 */
import { isDemo } from '../../state/store/modelLabel';
import { useBaton } from '../../state/store/useBaton';
import { FirstRunCard } from '../firstRun/FirstRunCard';

export function EmptyChat() {
  const firstRun = useBaton((s) => s.sessions.length === 0 && isDemo(s.settings));
  if (firstRun) return <FirstRunCard />;
  return (
    <div className="empty-chat">
      <h1>Baton</h1>
      <p>Start typing below. Type / for commands; /handoff carries the work into a fresh session.</p>
    </div>
  );
}
