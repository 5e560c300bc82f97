/**
 * Chat text to HTML that is safe to put into the page: GFM parsed with raw HTML
 * escaped, then sanitised. Needs a DOM (DOMPurify parses with it).
 */
import { parseMarkdown } from './markdownParser';
import { sanitizeHtml } from './sanitizeHtml';

export function renderMarkdownToHtml(markdown: string): string {
  return sanitizeHtml(parseMarkdown(markdown));
}
