/**
 * Chat text to HTML that is safe to put into the page: GFM parsed with raw HTML
 * escaped, long unbroken runs wrapped in chunks (longRunsHtml.ts), then sanitised.
 * Needs a DOM (DOMPurify parses with it).
 */
import { wrapLongRunsInHtml } from './longRunsHtml';
import { parseMarkdown } from './markdownParser';
import { sanitizeHtml, sanitizeHtmlEach } from './sanitizeHtml';

function parse(markdown: string): string {
  return wrapLongRunsInHtml(parseMarkdown(markdown));
}

export function renderMarkdownToHtml(markdown: string): string {
  return sanitizeHtml(parse(markdown));
}

/** Like renderMarkdownToHtml for each text, with one sanitiser pass for all of them. */
export function renderMarkdownEach(markdowns: readonly string[]): string[] {
  const parsed = markdowns.map(parse);
  return sanitizeHtmlEach(parsed) ?? parsed.map(sanitizeHtml);
}
