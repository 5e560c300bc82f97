/**
 * A session with no messages yet: the first-run card while the app has neither a key nor
 * a session with anything in it (a newcomer: start-up opens an empty session), otherwise
 * one line on how to start.
 */
import { isDemo } from '../../state/store/modelLabel';
import { useBaton } from '../../state/store/useBaton';
import { lazyPart } from '../lazyPart';

// Only a first visit shows it (bench P5).
const FirstRunCard = lazyPart(() => import('../firstRun/FirstRunCard').then((m) => m.FirstRunCard));

export function EmptyChat() {
  const firstRun = useBaton(
    (s) => isDemo(s.settings) && s.sessions.every((session) => session.leafId === null),
  );
  if (firstRun) return <FirstRunCard />;
  return (
    <div className="empty-chat">
      <h1>Baton</h1>
      <p>Start typing below. Type / for commands; /handoff carries the work into a fresh session.</p>
    </div>
  );
}
