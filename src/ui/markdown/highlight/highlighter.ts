/**
 * The lazily loaded half of code highlighting (see loadHighlighter.ts): highlight.js's core
 * with the languages replies use most. The core alone, not `highlight.js` itself, which
 * registers ~190 languages and would make this chunk several times larger.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { BoundedCache } from '../boundedCache';
import { sanitizeHighlightedCode } from '../sanitizeHtml';
import './highlight.css';

const LANGUAGES = {
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  python,
  ruby,
  rust,
  shell,
  sql,
  swift,
  typescript,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** A reply's code is the model's output: never let highlight.js log or throw over it. */
hljs.configure({ ignoreUnescapedHTML: true, throwUnescapedHTML: false });

/** Highlighted code by language and text: a block scrolled back into view is not highlighted again. */
const highlighted = new BoundedCache<string>({
  maxEntries: 500,
  maxWeight: 4_000_000,
  weigh: (key, html) => key.length + html.length,
});

/**
 * `code` as HTML of `<span class="hljs-…">` around escaped text, or undefined when the
 * language is not one registered here (the block then stays as written).
 */
export function highlightCode(code: string, language: string): string | undefined {
  const name = hljs.getLanguage(language) ? language : undefined;
  if (!name) return undefined;
  const key = `${name}\u0000${code}`;
  const kept = highlighted.get(key);
  if (kept !== undefined) return kept;
  let html: string;
  try {
    html = hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    return undefined;
  }
  // highlight.js escapes the text it is given; the sanitiser is the second lock, as for markdown.
  const safe = sanitizeHighlightedCode(html);
  highlighted.set(key, safe);
  return safe;
}
