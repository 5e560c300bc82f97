/**
 * Tells a 200 that is not an event stream from one that is, before the SDK parses it.
 *
 * A login page, a captive portal or a proxy that ignores `stream: true` answers 200 with
 * HTML or JSON. The SDK's SSE parser finds no events in such a body and the reply ends
 * empty, which read as "the connection dropped". Looking at the content type (and the
 * first few kilobytes of the body, to quote it) names what really happened.
 */
import { htmlMessage, jsonMessage } from './bodySummary';
import { type NonStreamForm, NotAStreamError } from './streamFaults';

/** Enough of a page to hold its title or first words; the rest is never read. */
const HEAD_BYTES = 16 * 1024;

/** Undefined for an event stream, or a body of a type that might still be one (the SDK decides). */
export async function nonStreamAnswer(response: Response): Promise<NotAStreamError | undefined> {
  const form = formOf(response.headers.get('content-type') ?? '');
  if (!form) return undefined;
  const head = await readHead(response);
  return new NotAStreamError(form, firstLine(form, head));
}

function formOf(contentType: string): NonStreamForm | undefined {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'web page';
  if (type === 'application/json' || type.endsWith('+json')) return 'JSON';
  return undefined;
}

/** The first HEAD_BYTES of the body as text; the connection is closed after. */
async function readHead(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (bytes < HEAD_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body that fails half-way still says what it had said so far.
  } finally {
    reader.cancel().catch(() => {});
  }
  return text;
}

/** A page's title or first text; a JSON body's own message, else its first line. */
function firstLine(form: NonStreamForm, text: string): string | undefined {
  const said = form === 'web page' ? htmlMessage(text) : jsonText(text);
  const line = said
    ?.split(/\r?\n/)
    .map((part) => part.trim())
    .find((part) => part !== '');
  return line || undefined;
}

function jsonText(text: string): string | undefined {
  try {
    return jsonMessage(JSON.parse(text));
  } catch {
    // Cut at HEAD_BYTES, or not JSON after all: its own first line will do.
    return text;
  }
}
