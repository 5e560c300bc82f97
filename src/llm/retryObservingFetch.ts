/**
 * The SDK retries on its own and has no retry callback, but it numbers every attempt in
 * the `X-Stainless-Retry-Count` request header. Wrapping the fetch we hand it lets us
 * report "retrying (1 of 2)" without keeping any per-request state.
 */

export type RetryListener = (attempt: number, max: number) => void;

export function retryObservingFetch(
  baseFetch: typeof fetch | undefined,
  maxRetries: number,
  onRetry: RetryListener,
): typeof fetch {
  return (input, init) => {
    const attempt = Number(new Headers(init?.headers).get('x-stainless-retry-count') ?? 0);
    if (attempt > 0) onRetry(attempt, maxRetries);
    // Looked up per call, not captured: browsers require fetch to be called on globalThis.
    return baseFetch ? baseFetch(input, init) : globalThis.fetch(input, init);
  };
}
