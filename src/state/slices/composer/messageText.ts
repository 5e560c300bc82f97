/** The rules for what the message box may hold, as pure functions (tested without a store). */
import { groupThousands } from '../../../core/groupThousands';

/**
 * The longest message the composer takes: about 125k tokens, most of a context window in
 * one message, so anything longer is a mistake (a paste of the wrong file). It is also
 * what a textarea can hold without freezing the page: Chromium needs tens of seconds to
 * lay out 5 MB of text, so a longer paste is refused before it reaches the box, whole and
 * with a sentence saying so, never cut.
 */
export const MAX_MESSAGE_CHARS = 500_000;

/** C0 and C1 control characters and DEL, except tab and newline (and \r, which textareas turn into \n). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** The text with its invisible control characters removed, and how many there were. */
export function stripControlCharacters(text: string): { text: string; removed: number } {
  let removed = 0;
  const clean = text.replace(CONTROL_CHARACTERS, () => {
    removed += 1;
    return '';
  });
  return { text: clean, removed };
}

/** The sentence for a message over the limit, or null when it may be sent. */
export function messageTooLong(text: string): string | null {
  if (text.length <= MAX_MESSAGE_CHARS) return null;
  return `That text would make the message ${groupThousands(text.length)} characters long; the limit is ${groupThousands(MAX_MESSAGE_CHARS)}. Nothing was added: paste a smaller part.`;
}

/** `text` before what the box holds, as text handed back always goes. */
export function prepended(text: string, composerText: string): string {
  return composerText ? `${text}\n\n${composerText}` : text;
}
