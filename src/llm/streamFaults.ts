/**
 * The ways a reply stream can fail after a 200 that neither the SDK nor fetch has a class
 * for. The model client throws them; errorMessages.ts turns each into its own sentence.
 */

/** No byte arrived on the response body for `idleMs`: the stream is dead, not slow. */
export class StreamIdleTimeoutError extends Error {
  override readonly name = 'StreamIdleTimeoutError';
  constructor(readonly idleMs: number) {
    super(`Nothing arrived on the reply stream for ${idleMs} ms.`);
  }
}

/** What a 200 answer to a stream request held instead of server-sent events. */
export type NonStreamForm = 'web page' | 'JSON';

/** A 200 whose body is a web page or JSON: something answered that does not stream. */
export class NotAStreamError extends Error {
  override readonly name = 'NotAStreamError';
  constructor(
    readonly form: NonStreamForm,
    /** What the body says (a page's title or first text, a JSON message), if anything. */
    readonly firstLine: string | undefined,
  ) {
    super(`The answer was ${form === 'JSON' ? 'JSON' : 'a web page'}, not an event stream.`);
  }
}

/** An event arrived that could not be read as the API's: not JSON, or not of its shape. */
export class MalformedStreamError extends Error {
  override readonly name = 'MalformedStreamError';
  constructor(cause: unknown) {
    super('The reply stream held an event that could not be read.', { cause });
  }
}
