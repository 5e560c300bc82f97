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

/** `waitMs`: how long the SDK will wait before the attempt, as it will reckon it. */
export type RetryListener = (attempt: number, max: number, waitMs: number) => void;

/** The SDK's own backoff (1.x): 0.5 s doubling per retry, at most 8 s (less up to a quarter of jitter). */
function defaultWaitMs(attempt: number): number {
  return Math.min(500 * 2 ** (attempt - 1), 8000);
}

/**
 * The wait the SDK takes before retry `attempt`: the server's retry-after-ms, else its
 * retry-after (seconds or a date), when above 0 and under a minute; else its own backoff.
 */
export function retryWaitMs(response: Response | undefined, attempt: number): number {
  const headers = response?.headers;
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  let wait = Number.isNaN(ms) ? undefined : ms;
  const after = headers?.get('retry-after');
  if (wait === undefined && after) {
    const seconds = Number.parseFloat(after);
    wait = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
  }
  // As the SDK: 0 (or nothing usable) means its own backoff.
  return wait !== undefined && !Number.isNaN(wait) && wait > 0 && wait < 60_000
    ? wait
    : defaultWaitMs(attempt);
}

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
      if (retriesLeft && !response.ok && sdkWillRetryStatus(response))
        onRetry(attempt + 1, maxRetries, retryWaitMs(response, attempt + 1));
      return response;
    } catch (error) {
      // A connection error or a timeout: the SDK tries again unless the caller cancelled,
      // in which case the app goes idle and clears this report anyway.
      if (retriesLeft) onRetry(attempt + 1, maxRetries, retryWaitMs(undefined, attempt + 1));
      throw error;
    }
  };
}
