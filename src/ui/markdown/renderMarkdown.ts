/**
 * Chat text to HTML that is safe to put into the page: GFM parsed with raw HTML
 * escaped, then sanitised. Needs a DOM (DOMPurify parses with it).
 */
import { parseMarkdown } from './markdownParser';
import { sanitizeHtml, sanitizeHtmlEach } from './sanitizeHtml';

export function renderMarkdownToHtml(markdown: string): string {
  return sanitizeHtml(parseMarkdown(markdown));
}

/** Like renderMarkdownToHtml for each text, with one sanitiser pass for all of them. */
export function renderMarkdownEach(markdowns: readonly string[]): string[] {
  const parsed = markdowns.map(parseMarkdown);
  return sanitizeHtmlEach(parsed) ?? parsed.map(sanitizeHtml);
}
