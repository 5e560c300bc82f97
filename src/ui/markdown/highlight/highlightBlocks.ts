/**
 * Colours the code blocks of rendered markdown in place, like the copy buttons
 * (copyButtons.ts): the block's HTML is a string React does not manage, so the
 * highlighted code replaces the `<code>` element's content after React has set it. A new
 * HTML string from React brings plain code back, and the block is highlighted again.
 */
import type { HighlightCode } from './loadHighlighter';

/**
 * Past this many characters a block stays plain: highlighting runs in the frame, and a
 * streaming tail is highlighted again each time it grows.
 */
export const MAX_HIGHLIGHT_CHARS = 20_000;

/** Whether block HTML from the parser holds code in a named language (cheap, on the string). */
export function hasLanguageCode(html: string): boolean {
  return html.includes('data-language=');
}

/** Highlights each `[data-code-block][data-language]` under `root` not done yet. */
export function highlightBlocks(root: HTMLElement, highlight: HighlightCode): void {
  for (const block of root.querySelectorAll<HTMLElement>('[data-code-block][data-language]')) {
    const code = block.querySelector('pre > code');
    const language = block.dataset.language;
    if (!code || !language || code.hasAttribute('data-highlighted')) continue;
    // A very long line was cut into chunks for layout (longRunsHtml.ts): that code stays as it is.
    if (code.querySelector('.long-run')) continue;
    const text = code.textContent ?? '';
    if (text.length > MAX_HIGHLIGHT_CHARS) continue;
    const html = highlight(text, language);
    if (html === undefined) continue;
    // Safe: highlightCode escapes the text and sanitises its spans (highlighter.ts).
    code.innerHTML = html;
    code.classList.add('hljs');
    code.setAttribute('data-highlighted', '');
  }
}
