/**
 * Server-sent events to Messages API events, a whole network chunk at a time: the
 * worker's decoder. It reads the wire exactly as the SDK's parser does (`Stream.
 * fromSSEResponse` in @anthropic-ai/sdk/core/streaming, which the page still uses when
 * there is no worker; sseEvents.test.ts checks the two agree on any input and any
 * chunking), but synchronously: the SDK hands over one event per turn of two nested
 * async generators, which is most of its cost at thousands of events a second.
 *
 * As the SDK: lines end at \n, \r\n or \r; a line starting with ':' is a comment; only
 * `event` and `data` fields count; a blank line ends an event. Events without a name
 * and `ping`s are skipped, as are events with no data; an `error` event ends the stream
 * with its body (SseErrorEvent); every other event's data is JSON.parse'd (a
 * SyntaxError if it is not JSON).
 */
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages';
import { readTextDelta } from './textDelta';

/**
 * An `event: error` in the stream: its body as JSON when it parses, else its text. The
 * page makes the SDK's APIError of it, as the SDK's parser does.
 */
export class SseErrorEvent extends Error {
  override readonly name = 'SseErrorEvent';
  constructor(readonly body: unknown) {
    super('The stream sent an error event.');
  }
}

interface Pending {
  event: string | null;
  data: string[];
}

export class SseDecoder {
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** Text after the last complete line. */
  private rest = '';
  private pending: Pending = { event: null, data: [] };
  /** The text delta appendText last made, and the batch it is in. */
  private textRun:
    | { out: RawMessageStreamEvent[]; event: { index: number; delta: { type: 'text_delta'; text: string } } }
    | undefined;

  /**
   * Appends to `out` the events `chunk` completes, in order. Throws SseErrorEvent or a
   * SyntaxError at the event that fails, with the events before it already in `out`.
   */
  push(chunk: Uint8Array, out: RawMessageStreamEvent[]): void {
    const text = this.rest + this.decoder.decode(chunk, { stream: true });
    let start = 0;
    if (!text.includes('\r')) {
      // The usual case, \n alone: the native search finds each line end (fast even before
      // the JIT has warmed up, which matters for the first reply of a page).
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        const next = this.wholeEvent(text, start, end, out);
        if (next !== -1) {
          start = next;
          continue;
        }
        this.line(text.slice(start, end), out);
        start = end + 1;
      }
      this.rest = text.slice(start);
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      // A \r at the very end may be the first half of a \r\n still on its way.
      if (code === 13 && i + 1 === text.length) break;
      this.line(text.slice(start, i), out);
      if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    this.rest = text.slice(start);
  }

  /** The body has ended: appends what its last, unterminated lines complete. Throws as push does. */
  end(out: RawMessageStreamEvent[]): void {
    const text = this.rest + this.decoder.decode();
    this.rest = '';
    if (text === '') return;
    // A final \r ends its line; whatever follows the last line ending is a line too.
    for (const line of text.replace(/\r$/, '').split(/\r\n|[\n\r]/)) this.line(line, out);
  }

  /**
   * The API's own shape, `event: <name>\ndata: <json>\n\n`, at `start` with nothing
   * pending, read in one step: what the three lines would give, line by line. Returns
   * where the next event starts, or -1 if the text there is not of that shape.
   */
  private wholeEvent(text: string, start: number, end: number, out: RawMessageStreamEvent[]): number {
    const { event, data } = this.pending;
    if (event !== null || data.length > 0 || !text.startsWith('event: ', start)) return -1;
    if (!text.startsWith('data: ', end + 1)) return -1;
    const dataEnd = text.indexOf('\n', end + 1);
    if (dataEnd === -1 || text.charCodeAt(dataEnd + 1) !== 10) return -1;
    this.dispatch(text.slice(start + 7, end), text.slice(end + 7, dataEnd), out);
    return dataEnd + 2;
  }

  private dispatch(event: string | null, data: string, out: RawMessageStreamEvent[]): void {
    if (event === null || event === 'ping') return;
    if (event === 'error') throw new SseErrorEvent(parsedOrUndefined(data) ?? data);
    if (!data) return;
    const delta = readTextDelta(data);
    if (delta) {
      this.appendText(delta.index, delta.text, out);
      return;
    }
    try {
      // Parsed JSON is whatever the server sent; the reply checks its shape as it folds it in.
      out.push(JSON.parse(data) as RawMessageStreamEvent);
    } catch (error) {
      // As the SDK does: the event that could not be read goes to the console.
      console.error('Could not parse message into JSON:', data);
      throw error;
    }
  }

  /**
   * A text delta read in the API's own form: joined to the one just before it in `out`
   * if that is one of these to the same block (as mergeDeltas would), else a new event.
   */
  private appendText(index: number, text: string, out: RawMessageStreamEvent[]): void {
    const run = this.textRun;
    if (run && run.out === out && out[out.length - 1] === run.event && run.event.index === index) {
      run.event.delta.text += text;
      return;
    }
    const event = {
      type: 'content_block_delta' as const,
      index,
      delta: { type: 'text_delta' as const, text },
    };
    out.push(event);
    this.textRun = { out, event };
  }

  private line(raw: string, out: RawMessageStreamEvent[]): void {
    const line = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (line === '') {
      const { event, data } = this.pending;
      // As the SDK: an empty `event:` with no data counts as nothing pending, and stays pending.
      if (!event && data.length === 0) return;
      this.pending = { event: null, data: [] };
      this.dispatch(event, data.join('\n'), out);
      return;
    }
    const colon = line.indexOf(':');
    if (colon === 0) return;
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'event' && field !== 'data') return;
    const value = colon === -1 ? '' : line.slice(line.charCodeAt(colon + 1) === 0x20 ? colon + 2 : colon + 1);
    if (field === 'event') this.pending.event = value;
    else this.pending.data.push(value);
  }
}

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
