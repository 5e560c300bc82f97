/**
 * The SDK retries on its own and has no retry callback, but it numbers every attempt in
 * the `X-Stainless-Retry-Count` request header. Wrapping the fetch we hand it lets us
 * report "Retrying (1 of 2)…" without keeping any per-request state.
 *
 * The report comes as soon as an attempt fails in a way the SDK retries, so it covers
 * the wait before the next attempt (a 429's retry-after can be long) as well as the
 * attempt itself. A wait the user cancels is never followed by a request: the SDK's
 * sleep ends on our abort signal and it gives up.
 */

export type RetryListener = (attempt: number, max: number) => void;

/** The SDK's own rule (1.x `shouldRetry`): the server's x-should-retry first, then the status. */
export function sdkWillRetryStatus(response: Response): boolean {
  const hint = response.headers.get('x-should-retry');
  if (hint === 'true') return true;
  if (hint === 'false') return false;
  const { status } = response;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

export function retryObservingFetch(
  baseFetch: typeof fetch | undefined,
  maxRetries: number,
  onRetry: RetryListener,
): typeof fetch {
  return async (input, init) => {
    const attempt = Number(new Headers(init?.headers).get('x-stainless-retry-count') ?? 0);
    const retriesLeft = attempt < maxRetries;
    try {
      // Looked up per call, not captured: browsers require fetch to be called on globalThis.
      const response = await (baseFetch ? baseFetch(input, init) : globalThis.fetch(input, init));
      if (retriesLeft && !response.ok && sdkWillRetryStatus(response)) onRetry(attempt + 1, maxRetries);
      return response;
    } catch (error) {
      // A connection error or a timeout: the SDK tries again unless the caller cancelled,
      // in which case the app goes idle and clears this report anyway.
      if (retriesLeft) onRetry(attempt + 1, maxRetries);
      throw error;
    }
  };
}
