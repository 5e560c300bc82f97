/**
 * Decides what submitted chat text is: a slash command to run, a mistyped command to
 * hold back, or text for the model. It runs before prompt submission, so `/handoffx`
 * must not be mistaken for `/handoff` and an unknown command must never be sent.
 *
 * Rules:
 * - Only trailing whitespace is ignored. Text with leading whitespace is never a
 *   command: typing a space first is the natural way to send `/something` as prose,
 *   and it keeps the rule visible (what starts with `/` is a command).
 * - `/name` or `/name<whitespace>args` (whitespace includes newlines). `args` is the
 *   rest, trimmed. Names are matched exactly and case-sensitively.
 * - A first word that only looks like a name (letters of any script or case, digits,
 *   '-', '_') but is not known is an `unknown-command`: the UI keeps the text and says
 *   so. Anything else after `/` (a path such as `/usr/bin`, `/ foo`, a lone `/`) is text.
 * - `//` escapes: the first slash is dropped and the rest is sent as text, as is.
 */
import { isValidCommandName } from './commandName';

export type ParsedInput =
  | { kind: 'command'; name: string; args: string }
  | { kind: 'unknown-command'; name: string }
  | { kind: 'text'; text: string };

/** The command word and its arguments, split at the first whitespace. */
export interface SlashParts {
  word: string;
  args: string;
}

const SLASH_WORD = /^\/([^\s/]+)(?:\s+([\s\S]*))?$/;
const NAME_LIKE = /^[\p{L}\p{N}_-]+$/u;

/**
 * Splits `/word args` (trailing whitespace ignored) into its parts; undefined when the
 * input does not start with a slash directly followed by a word. Shared with template
 * expansion so both read input the same way.
 */
export function splitSlashInput(input: string): SlashParts | undefined {
  const match = SLASH_WORD.exec(input.trimEnd());
  if (!match) return undefined;
  return { word: match[1] ?? '', args: (match[2] ?? '').trim() };
}

export function parseSlashInput(input: string, isKnown: (name: string) => boolean): ParsedInput {
  if (input.startsWith('//')) return { kind: 'text', text: input.slice(1) };
  const parts = splitSlashInput(input);
  if (!parts) return { kind: 'text', text: input };
  if (isValidCommandName(parts.word) && isKnown(parts.word)) {
    return { kind: 'command', name: parts.word, args: parts.args };
  }
  if (NAME_LIKE.test(parts.word)) return { kind: 'unknown-command', name: parts.word };
  return { kind: 'text', text: input };
}
