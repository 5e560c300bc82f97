/**
 * Long unbroken runs in rendered markdown, wrapped in chunks for display as
 * src/ui/text/longRuns.ts explains: `<span class="long-run">` around each chunk of a run
 * in the HTML's text, so a reply of one 300,000-letter word lays out in milliseconds.
 * Only elements are added, so the text (and what a copy button copies) is unchanged.
 *
 * Works on the HTML marked writes, before it is sanitised: text is escaped (a `<` is
 * always a tag), attribute values are double-quoted and escaped. Nothing is inserted
 * inside a tag or an entity, and the sanitiser still sees the result.
 */
import { chunkRun, hasLongRun, LONG_RUN_CHARS } from '../text/longRuns';

/** A run in escaped text: whitespace and tags end it. */
const RUN = new RegExp(`[^ \\t\\n\\r\\f<]{${LONG_RUN_CHARS},}`, 'g');

/** Moves a cut inside an entity (`&amp;`, `&#39;`) back to its `&`. */
function keepEntity(text: string, at: number): number {
  const amp = text.lastIndexOf('&', at - 1);
  if (amp === -1 || at - amp > 12) return at;
  const semicolon = text.indexOf(';', amp);
  return semicolon !== -1 && semicolon >= at ? amp : at;
}

function wrapRuns(text: string): string {
  return text.replace(RUN, (run) =>
    chunkRun(run, keepEntity)
      .map((chunk) => `<span class="long-run">${chunk}</span>`)
      .join(''),
  );
}

/** End of the tag opened at `start` (just after its `>`), stepping over quoted values. */
function tagEnd(html: string, start: number): number {
  let quote = '';
  for (let i = start + 1; i < html.length; i++) {
    const char = html[i];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return i + 1;
    }
  }
  return html.length;
}

/** `html` with every long run of its text wrapped in chunks; unchanged when it has none. */
export function wrapLongRunsInHtml(html: string): string {
  if (!hasLongRun(html)) return html;
  let out = '';
  let i = 0;
  while (i < html.length) {
    const open = html.indexOf('<', i);
    const textEnd = open === -1 ? html.length : open;
    out += wrapRuns(html.slice(i, textEnd));
    if (open === -1) break;
    const end = tagEnd(html, open);
    out += html.slice(open, end);
    i = end;
  }
  return out;
}
