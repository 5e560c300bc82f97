/**
 * Waiting between retries (issue 28): exponential with jitter, capped, so that many
 * devices that lost the same server do not come back at the same instant, and a server
 * that stays down is asked about once a minute at most.
 */
export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 60_000;

/** The wait before retry number `attempt` (1 for the first): half fixed, half random. */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  baseMs = BASE_DELAY_MS,
): number {
  const ceiling = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Resolves after `ms`, or at once (without rejecting) when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
