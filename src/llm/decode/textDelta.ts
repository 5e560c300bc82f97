/**
 * The event the API sends most, a text delta, read without JSON.parse when it is in the
 * API's own form: `{"type":"content_block_delta","index":N,"delta":{"type":"text_delta",
 * "text":"…"}}`, exactly, nothing else in it. The result is what JSON.parse would give
 * (a reply streams thousands of these a second; an object and a parse each is most of
 * the decoder's work). Any other form, or anything JSON.parse would refuse, returns
 * undefined and goes to JSON.parse as usual.
 */

const HEAD = '{"type":"content_block_delta","index":';
const MIDDLE = ',"delta":{"type":"text_delta","text":';
const TAIL = '}}';
/** Characters JSON does not allow raw inside a string. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f]/;

export interface TextDelta {
  index: number;
  text: string;
}

export function readTextDelta(data: string): TextDelta | undefined {
  if (!data.startsWith(HEAD)) return undefined;
  let at = HEAD.length;
  const digitsStart = at;
  while (at < data.length && at - digitsStart < 9) {
    const code = data.charCodeAt(at);
    if (code < 48 || code > 57) break;
    at++;
  }
  const digits = data.slice(digitsStart, at);
  // JSON numbers have no leading zeros; a longer index is left to JSON.parse.
  if (digits === '' || (digits.length > 1 && digits.startsWith('0'))) return undefined;
  if (!data.startsWith(MIDDLE, at)) return undefined;
  const open = at + MIDDLE.length;
  if (data.charCodeAt(open) !== 34) return undefined;
  const close = closingQuote(data, open + 1);
  if (close === -1 || data.length !== close + 1 + TAIL.length || !data.endsWith(TAIL)) return undefined;
  const literal = data.slice(open, close + 1);
  if (CONTROL.test(literal)) return undefined;
  // Escapes (\n, \", \u00e9 …) are JSON's to read; a plain string is itself.
  const text = literal.includes('\\') ? parseString(literal) : literal.slice(1, -1);
  return text === undefined ? undefined : { index: Number(digits), text };
}

/** The index of the quote that ends the string whose first character is at `from`, or -1. */
function closingQuote(data: string, from: number): number {
  for (let quote = data.indexOf('"', from); quote !== -1; quote = data.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (data.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

function parseString(literal: string): string | undefined {
  try {
    const value: unknown = JSON.parse(literal);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
