/**
 * What text the tools may write: no NUL characters. A text with NUL is binary content
 * sent as text (a model pasting bytes); stored, it would show as garbage and break the
 * tools' line-based commands. Binary files come in by upload, where they are kept as
 * bytes. Other control characters (tabs, form feeds, escape codes in a log) are text.
 */
export function binaryContentError(text: string, field: string): string | undefined {
  return text.includes('\u0000')
    ? `\`${field}\` contains NUL characters, so it is binary content, not text: nothing was written. The tools write text files only.`
    : undefined;
}
