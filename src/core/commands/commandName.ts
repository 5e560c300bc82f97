/**
 * The one grammar for slash names, shared by built-in commands and prompt templates so
 * that the parser, the registry and autocomplete can never disagree on what a name is.
 */

/** Lowercase ASCII letters, digits, '-' and '_'; at least one character. */
export const COMMAND_NAME_PATTERN = /^[a-z0-9_-]+$/;

/** Long enough for any sensible name, short enough to fit the autocomplete list. */
export const MAX_COMMAND_NAME_LENGTH = 64;

export function isValidCommandName(name: string): boolean {
  return name.length <= MAX_COMMAND_NAME_LENGTH && COMMAND_NAME_PATTERN.test(name);
}
