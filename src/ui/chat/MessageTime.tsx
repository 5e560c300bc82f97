/**
 * When a message was written, beside its actions (so shown on hover or focus like them):
 * the time of day, or the date too if it was not today; the full date in the tooltip
 * and in the machine-readable `dateTime`.
 */
export function MessageTime({ timestamp, now = Date.now() }: { timestamp: number; now?: number }) {
  if (!Number.isFinite(timestamp) || timestamp <= 0) return null;
  const date = new Date(timestamp);
  const today = new Date(now).toDateString() === date.toDateString();
  const short = date.toLocaleString(undefined, {
    ...(today ? {} : { month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  });
  const full = date.toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
  return (
    <time className="message-time" dateTime={date.toISOString()} title={full}>
      {short}
    </time>
  );
}
