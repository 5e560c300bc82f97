/**
 * What the body of an answer that was not the API's says, in a few words: a JSON body's
 * own message, an HTML page's title or first text. Used for the sentences about proxies,
 * gateways and servers that answered in the API's place.
 */
import { isRecord } from '../core/isRecord';

/** error.message, message, error as a string (then detail and title, as RFC 9457 has them), else the JSON itself. */
export function jsonMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (isRecord(body)) {
    const nested = isRecord(body.error) ? body.error.message : undefined;
    for (const candidate of [nested, body.message, body.error, body.detail, body.title]) {
      if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
    }
  }
  const json = JSON.stringify(body);
  return json === '{}' || json === '[]' ? undefined : json;
}

/** An HTML page's title, else its first text, without tags. */
export function htmlMessage(html: string): string | undefined {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const fromTitle = title === undefined ? '' : htmlText(title);
  if (fromTitle) return fromTitle;
  const body = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template|head)\b[\s\S]*?<\/\1\s*>/gi, ' ');
  return htmlText(body) || undefined;
}

function htmlText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}
