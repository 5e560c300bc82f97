/**
 * Sizes: a text's UTF-8 length (what a file weighs, and what the limits count), a size in
 * words for sentences ("5 MB") and in the short form of a directory listing ("1.5K").
 */

/** The UTF-8 length of `text`, counted without encoding it (a 5 MB text is not copied). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLow(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3; // the rest of the BMP, and a lone surrogate (encoded as U+FFFD)
  }
  return bytes;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

const UNITS = ['KB', 'MB', 'GB'] as const;

/** A size for a sentence: "812 bytes", "1.5 KB", "5 MB". */
export function sizeInWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${trimmed(value)} ${UNITS[unit]}`;
}

/** A size as a directory listing shows it (the memory tool's docs: "5.5K", "1.2M"). */
export function shortSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const units = ['K', 'M', 'G'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)}${units[unit]}`;
}

function trimmed(value: number): string {
  const rounded = value.toFixed(1);
  return rounded.endsWith('.0') ? rounded.slice(0, -2) : rounded;
}
