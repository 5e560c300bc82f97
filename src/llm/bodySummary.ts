/**
 * Whether an error's body is the API's own, and if not, what it says in a few words: a
 * JSON body's own message, an HTML page's title or first text. Used for the sentences
 * about proxies, gateways and servers that answered in the API's place.
 */
import type { APIError } from '@anthropic-ai/sdk/core/error';
import { isRecord } from '../core/isRecord';
import { clip } from './errorSentences';

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

/** The error types the Messages API puts in its own error bodies. */
const API_ERROR_TYPES: ReadonlySet<string> = new Set([
  'invalid_request_error',
  'authentication_error',
  'billing_error',
  'permission_error',
  'not_found_error',
  'request_too_large',
  'rate_limit_error',
  'api_error',
  'overloaded_error',
  'timeout_error',
]);

export interface ForeignBody {
  form: 'json' | 'html' | 'text';
  /** What the body says, flattened and clipped; undefined when it says nothing. */
  message?: string;
}

/**
 * The body of a status error that was not the API's own `{"type":"error","error":{"type":
 * <one of API_ERROR_TYPES>,...}}`, with what it says; undefined for the API's own body and
 * for no body at all. The SDK keeps a JSON body as `error.error`, and any other body as the
 * text of `error.message` after the status.
 */
export function foreignBody(error: APIError): ForeignBody | undefined {
  const body: unknown = error.error;
  if (body !== undefined && body !== null && body !== '') {
    if (isApiErrorBody(body)) return undefined;
    return withMessage('json', jsonMessage(body));
  }
  const prefix = `${error.status} `;
  const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  if (text.trim() === '' || text === 'status code (no body)') return undefined;
  const contentType = error.headers?.get('content-type') ?? '';
  if (/html|xml/i.test(contentType) || /^\s*<(!doctype|html|head|body|title)\b/i.test(text)) {
    return withMessage('html', htmlMessage(text));
  }
  return withMessage('text', text);
}

function withMessage(form: ForeignBody['form'], text: string | undefined): ForeignBody {
  const message = text === undefined ? '' : clip(text);
  return message ? { form, message } : { form };
}

function isApiErrorBody(body: unknown): boolean {
  if (!isRecord(body) || body.type !== 'error' || !isRecord(body.error)) return false;
  return typeof body.error.type === 'string' && API_ERROR_TYPES.has(body.error.type);
}
