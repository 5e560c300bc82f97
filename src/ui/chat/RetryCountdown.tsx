import { useEffect, useState } from 'react';
import { stop } from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';

/** How often the countdown is redrawn: often enough that each second shows on time. */
const TICK_MS = 250;

/**
 * What a reply that has not begun says: "Thinking…", or, while the API has asked the app
 * to wait (429, 529, a server error), "Retrying in N s" counting down, with Stop.
 */
export function RetryCountdown() {
  const retryAt = useBaton((s) => s.retryAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (retryAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [retryAt]);
  if (retryAt === null) return <div className="typing">Thinking…</div>;
  const seconds = Math.ceil((retryAt - now) / 1000);
  return (
    <div className="typing retry-countdown">
      <span>{seconds > 0 ? `Retrying in ${seconds} s` : 'Retrying…'}</span>{' '}
      <button type="button" className="action-button" onClick={() => stop()}>
        Stop
      </button>
    </div>
  );
}
