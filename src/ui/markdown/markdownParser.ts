/**
 * Markdown to (unsanitised) HTML with our rules. A private `Marked` instance, so no
 * other code that imports `marked` can change how chat messages render.
 *
 * Rules beyond plain GFM:
 * - Raw HTML in the markdown is shown as text, never rendered: model output and pasted
 *   text are untrusted, and a chat has no need for HTML.
 * - Code blocks are wrapped in `<div class="code-block" data-code-block>` so the React
 *   component can find them, add a copy button and colour them (highlight/). A fence's
 *   language is shown as a label above the code.
 * - Tables are wrapped in `<div class="table-scroll">`, which scrolls sideways when a
 *   table is wider than the reply (a phone), instead of the words being broken to fit.
 * - Images are not fetched from the network: a remote image in a reply could carry
 *   conversation text to a third-party server in its URL (the known markdown-image
 *   exfiltration trick). Remote images become a link the user can choose to open;
 *   only inline raster `data:` images are shown.
 * - Single newlines inside a paragraph are line breaks (`breaks`), as chat users and
 *   models write them.
 */
import { Lexer, Marked, type MarkedOptions, type Token, type Tokens, type TokensList } from 'marked';
import { escapeHtml } from './escapeHtml';
import { MARKDOWN_BUDGET } from './markdownBudget';
import { SAFE_DATA_IMAGE } from './safeUrls';

/**
 * How deep marked may recurse into containers. The splitter keeps text nested deeper than
 * MARKDOWN_BUDGET.maxDepth from the lexer (markdownBudget.ts, an estimate from above);
 * this is the hard stop behind it, so that no text can make the lexer recurse without end.
 */
const MAX_LEXER_DEPTH = MARKDOWN_BUDGET.maxDepth + 8;

/** A Lexer that throws instead of recursing past MAX_LEXER_DEPTH; callers already catch. */
class BoundedLexer<P = string, R = string> extends Lexer<P, R> {
  #depth = 0;

  static boundedLex<P = string, R = string>(src: string, options?: MarkedOptions<P, R>): TokensList {
    return new BoundedLexer<P, R>(options).lex(src);
  }

  override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[];
  override blockTokens(src: string, tokens?: TokensList, lastParagraphClipped?: boolean): TokensList;
  override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[] {
    if (this.#depth >= MAX_LEXER_DEPTH) throw new RangeError('markdown nested too deeply');
    this.#depth++;
    try {
      return super.blockTokens(src, tokens, lastParagraphClipped);
    } finally {
      this.#depth--;
    }
  }
}

/** A fence's language goes into a class attribute; allow only what real language names use. */
const LANGUAGE_NAME = /^[\w+#.-]{1,40}$/;

function languageOf(info: string | undefined): string | undefined {
  const first = (info ?? '').trim().split(/\s+/)[0] ?? '';
  return LANGUAGE_NAME.test(first) ? first : undefined;
}

/**
 * Every table in marked's output inside a scroll box. A plain replace is safe: raw HTML
 * and code are escaped, so `<table>` and `</table>` in the output are only marked's own.
 */
function wrapTables(html: string): string {
  if (!html.includes('<table>')) return html;
  return html
    .replaceAll('<table>', '<div class="table-scroll"><table>')
    .replaceAll('</table>', '</table></div>');
}

const marked = new Marked({
  gfm: true,
  breaks: true,
  hooks: {
    postprocess: wrapTables,
    provideLexer(block) {
      return block === false ? Lexer.lexInline : BoundedLexer.boundedLex;
    },
  },
  renderer: {
    html({ text, block }: Tokens.HTML | Tokens.Tag): string {
      if (!block) return escapeHtml(text);
      // Keep the raw block's line structure visible instead of collapsing it into one line.
      return `<p>${escapeHtml(text.trim()).replace(/\n/g, '<br>')}</p>\n`;
    },
    code({ text, lang }: Tokens.Code): string {
      const language = languageOf(lang);
      const langAttr = language ? ` data-language="${escapeHtml(language)}"` : '';
      const codeClass = language ? ` class="language-${escapeHtml(language)}"` : '';
      const label = language
        ? `<div class="code-header"><span class="code-language">${escapeHtml(language)}</span></div>`
        : '';
      return (
        `<div class="code-block" data-code-block${langAttr}>${label}` +
        `<pre><code${codeClass}>${escapeHtml(text.replace(/\n$/, ''))}</code></pre></div>\n`
      );
    },
    image({ href, title, text }: Tokens.Image): string {
      const alt = escapeHtml(text);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      if (SAFE_DATA_IMAGE.test(href)) return `<img src="${escapeHtml(href)}" alt="${alt}"${titleAttr}>`;
      return `<a href="${escapeHtml(href)}"${titleAttr}>Image: ${alt || escapeHtml(href)}</a>`;
    },
  },
});

/**
 * The top-level block tokens of `markdown`, lexed with the same options as
 * `parseMarkdown`. Block structure only: the inline pass is skipped, since finding where
 * blocks start does not need it. Expects `\r\n` already normalised to `\n`.
 */
export function lexBlocks(markdown: string): Token[] {
  // A copy: the Lexer stores its tokenizer on the options object it is given.
  return new BoundedLexer({ ...marked.defaults }).blockTokens(markdown, []);
}

export function parseMarkdown(markdown: string): string {
  try {
    return marked.parse(markdown, { async: false });
  } catch {
    // marked should not throw, but a half-streamed message must never blank the chat.
    return `<p>${escapeHtml(markdown).replace(/\n/g, '<br>')}</p>`;
  }
}
