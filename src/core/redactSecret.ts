/**
 * Removes a secret (the user's API key) from text before it leaves our hands: a handoff
 * document, a focus instruction, an export, an error sentence, a log line.
 */

/** Shorter secrets are not redacted: replacing every "sk" or "test" would mangle ordinary text. */
export const MIN_SECRET_LENGTH = 8;

export function redactSecret(
  text: string,
  secret: string | undefined,
  placeholder = '[API key removed]',
): string {
  if (secret === undefined) return text;
  // A key pasted with a stray space or newline is still the same key.
  const needle = secret.trim();
  if (needle.length < MIN_SECRET_LENGTH) return text;
  // split/join replaces every occurrence literally; a key is not a pattern.
  return text.split(needle).join(placeholder);
}
