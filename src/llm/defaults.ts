/** Settings the app starts with before the user changes anything. */

export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** The newest Sonnet-class id in the SDK's `Model` union (SDK 1.16): a sensible cost/quality default. */
export const DEFAULT_MODEL = 'claude-sonnet-5-5';

export const DEFAULT_MAX_TOKENS = 8192;

/** The model id that selects the offline demo model instead of the API. */
export const DEMO_MODEL_ID = 'baton-demo';

export const DEMO_MODEL_LABEL = 'Demo (offline)';

/**
 * The offline demo with a small context window (see contextWindowFor), chosen by typing
 * this id as the model while there is no key: a short chat fills it, so the handoff of a
 * conversation that no longer fits can be tried without a key.
 */
export const DEMO_SMALL_MODEL_ID = 'baton-demo-small';

export const DEMO_SMALL_MODEL_LABEL = 'Demo (small window)';

/** Whether `model` names one of the offline demo models. */
export function isDemoModelId(model: string): boolean {
  return model === DEMO_MODEL_ID || model === DEMO_SMALL_MODEL_ID;
}

/** What the UI calls a demo model. */
export function demoModelLabel(model: string): string {
  return model === DEMO_SMALL_MODEL_ID ? DEMO_SMALL_MODEL_LABEL : DEMO_MODEL_LABEL;
}

/**
 * How long one attempt may wait for the API's response headers (the first byte of a
 * streamed reply) before it counts as a timeout. The SDK's own default is 10 minutes,
 * far too long to stare at a server that accepted the request and never answers. A
 * streamed reply that has started is not cut off by it: the timer covers the headers only.
 */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * How long a reply stream may stay silent (not one byte, pings included) once its
 * headers have arrived. The API sends a `ping` event every few seconds while a reply is
 * being prepared, so a minute of silence means the stream is dead: a proxy holding the
 * connection open, or a server that stopped writing. Cut off then, the reply keeps what
 * it had and fails with a sentence instead of "Replying…" for ever.
 */
export const STREAM_IDLE_TIMEOUT_MS = 60_000;

/** Attempts after the first the SDK makes on connection errors, timeouts, 408, 409, 429 and 5xx. */
export const MAX_RETRIES = 2;
