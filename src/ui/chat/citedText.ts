/**
 * A reply's text with its citations: each cited block is followed by numbered links
 * (superscript digits) to its sources, and the sources are listed once, numbered in the
 * order they are first cited. Only http(s) sources become links; a citation without one
 * (a document's) is not numbered.
 */

import type { Message } from '../../core/types/message';
import { displayText } from '../../core/types/messageText';
import { isWebUrl } from '../markdown/safeUrls';

export interface Source {
  url: string;
  title: string;
}

export interface CitedText {
  text: string;
  sources: Source[];
}

export function citedText(message: Pick<Message, 'content'>): CitedText {
  const sources: Source[] = [];
  const numbers = new Map<string, number>();
  const text = displayText(message, (block) => {
    const marks: number[] = [];
    for (const citation of block.citations ?? []) {
      const url = typeof citation.url === 'string' ? citation.url : '';
      if (!isWebUrl(url)) continue;
      let n = numbers.get(url);
      if (n === undefined) {
        n = sources.length + 1;
        numbers.set(url, n);
        const title =
          typeof citation.title === 'string' && citation.title.trim() ? citation.title.trim() : url;
        sources.push({ url, title });
      }
      if (!marks.includes(n)) marks.push(n);
    }
    // The renderer escapes raw HTML, so the marks are plain links whose text is the
    // number in superscript digits, titled with the source for a pointer or a reader.
    return marks
      .map((n) => {
        const source = sources[n - 1];
        return `[${superscript(n)}](${markdownUrl(source?.url ?? '')} "${markdownTitle(`Source ${n}: ${source?.title ?? ''}`)}")`;
      })
      .join('');
  });
  return { text, sources };
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** 12 → "¹²". */
export function superscript(n: number): string {
  return String(n).replace(/\d/g, (d) => SUPERSCRIPT_DIGITS[Number(d)] ?? d);
}

/** A link title inside double quotes: a quote or backslash in it would end it early. */
function markdownTitle(title: string): string {
  return title.replace(/["\\]/g, (c) => `\\${c}`);
}

/** A URL as a markdown link target: spaces and parentheses would end it early. */
function markdownUrl(url: string): string {
  return url.replace(/[ ()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
