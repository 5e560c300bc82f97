/**
 * The second lock on markdown output. The parser already escapes raw HTML, so this
 * should find nothing to remove; it exists so a parser bug or a future renderer change
 * cannot turn into script execution. It allows exactly what our markdown produces.
 *
 * A private DOMPurify instance: hooks are per instance, and ours (forcing link targets,
 * checking URLs) must not leak into any other use of DOMPurify.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { isSafeLinkHref, SAFE_DATA_IMAGE } from './safeUrls';

const ALLOWED_TAGS = [
  'a',
  'blockquote',
  'br',
  'code',
  'del',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'img',
  'input',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
];

const ALLOWED_ATTR = [
  'href',
  'title',
  'src',
  'alt',
  'class',
  'align',
  'start',
  'type',
  'checked',
  'disabled',
  'data-code-block',
  'data-language',
];

function enforceElementRules(node: Element): void {
  switch (node.tagName) {
    case 'A': {
      const href = node.getAttribute('href');
      if (href === null || !isSafeLinkHref(href)) {
        // An unsafe link is left as its text: the reader still sees what was written.
        node.removeAttribute('href');
        break;
      }
      // Links leave the app: a click must never replace the chat, nor hand it window.opener.
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
      break;
    }
    case 'IMG': {
      const src = node.getAttribute('src');
      if (src === null || !SAFE_DATA_IMAGE.test(src)) node.removeAttribute('src');
      break;
    }
    case 'DIV':
      // A table's scroll box (markdownParser.ts) takes focus, so keyboard users can scroll it.
      if (node.classList.contains('table-scroll')) node.setAttribute('tabindex', '0');
      break;
    case 'INPUT':
      // Only GFM task-list boxes, which display state and must not be edited.
      node.setAttribute('type', 'checkbox');
      node.setAttribute('disabled', '');
      break;
  }
}

let purifier: DOMPurify | undefined;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  if (typeof window === 'undefined') throw new Error('sanitizeHtml needs a DOM (window is undefined)');
  const instance = createDOMPurify(window);
  instance.addHook('afterSanitizeAttributes', enforceElementRules);
  purifier = instance;
  return instance;
}

const OPTIONS = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, OPTIONS);
}

/** What highlight.js writes: spans with classes around text (highlight/highlighter.ts). */
const CODE_OPTIONS = { ...OPTIONS, ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'] };

/** Highlighted code, kept to spans with classes: whatever else it holds is dropped, its text kept. */
export function sanitizeHighlightedCode(html: string): string {
  return getPurifier().sanitize(html, CODE_OPTIONS);
}

/**
 * Several independent fragments sanitised in one pass. DOMPurify's cost is mostly per
 * call (each call parses a fresh document), so a burst of blocks that settled in one
 * frame costs about as much as one. Each fragment is wrapped in a div of its own and the
 * wrappers are taken apart afterwards; undefined if that does not come out one wrapper
 * per fragment (unbalanced markup), and the caller then sanitises them one by one.
 */
export function sanitizeHtmlEach(htmls: readonly string[]): string[] | undefined {
  const body = getPurifier().sanitize(htmls.map((html) => `<div>${html}</div>`).join(''), {
    ...OPTIONS,
    RETURN_DOM: true,
  });
  const wrappers = [...body.childNodes];
  if (wrappers.length !== htmls.length || wrappers.some((node) => node.nodeName !== 'DIV')) return undefined;
  return wrappers.map((node) => (node as Element).innerHTML);
}
