import {
  AnthropicError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk/core/error';
import { describe, expect, it } from 'vitest';
import { ModelError } from '../core/agent/types';
import type { Message } from '../core/types/message';
import { createAnthropicClient } from './anthropicClient';
import { toModelError, userMessageForError } from './errorMessages';
import { MalformedStreamError, NotAStreamError, StreamIdleTimeoutError } from './streamFaults';

/** The error the SDK itself builds for an HTTP error response (the real subclass per status). */
function statusError(status: number, type: string, message: string, headers: Record<string, string> = {}) {
  const body = { type: 'error', error: { type, message } };
  return APIError.generate(status, body, undefined, new Headers(headers));
}

/** The error the SDK builds for an `event: error` inside a stream: no status. */
function streamError(type: string, message: string) {
  return new APIError(undefined, { type: 'error', error: { type, message } }, undefined, new Headers(), null);
}

const partial: Message = {
  role: 'assistant',
  content: [{ type: 'text', text: 'Half a rep' }],
  stopReason: 'streaming',
  model: 'claude-test',
};

describe('toModelError for HTTP statuses', () => {
  it.each([
    [
      401,
      'authentication_error',
      'invalid x-api-key',
      'auth',
      'The API key was rejected. Check it in Settings.',
    ],
    [
      403,
      'permission_error',
      'Your API key does not have permission to use the specified resource.',
      'permission',
      'The API key is not allowed to make this request. Check its permissions in the Anthropic Console.',
    ],
    [
      402,
      'billing_error',
      'Your credit balance is too low.',
      'permission',
      'The API refused the request because of a billing problem with the account.',
    ],
    [
      529,
      'overloaded_error',
      'Overloaded',
      'overloaded',
      'The model is overloaded right now. Try again in a moment.',
    ],
    [
      500,
      'api_error',
      'Internal server error',
      'server',
      'The model API had an internal error (500). Try again in a moment.',
    ],
    [
      503,
      'api_error',
      'Unavailable',
      'server',
      'The model API had an internal error (503). Try again in a moment.',
    ],
    [408, 'timeout_error', 'Request timeout', 'timeout', 'The model API took too long to answer. Try again.'],
    [
      400,
      'invalid_request_error',
      'messages: text content blocks must be non-empty',
      'bad_request',
      'The API rejected the request: messages: text content blocks must be non-empty',
    ],
    [
      413,
      'request_too_large',
      'Request exceeds the maximum allowed number of bytes.',
      'context_overflow',
      "This conversation no longer fits the model's context.",
    ],
    [
      400,
      'invalid_request_error',
      'prompt is too long: 219898 tokens > 200000 maximum',
      'context_overflow',
      "This conversation no longer fits the model's context (219,898 of 200,000 tokens).",
    ],
  ])('%i %s → %s', (status, type, apiMessage, kind, sentence) => {
    const error = toModelError(statusError(status, type, apiMessage));
    expect(error).toBeInstanceOf(ModelError);
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(sentence);
    expect(error.status).toBe(status);
  });

  it('keeps the sizes of a length refusal for the meter, and none for other refusals', () => {
    const refused = toModelError(
      statusError(400, 'invalid_request_error', 'prompt is too long: 219898 tokens > 200000 maximum'),
    );
    expect(refused.overflow).toEqual({ tokens: 219_898, limit: 200_000 });
    expect(toModelError(statusError(413, 'request_too_large', 'too big')).overflow).toEqual({});
    expect(
      toModelError(statusError(400, 'invalid_request_error', 'max_tokens: too large')).overflow,
    ).toBeUndefined();
  });

  it('recognises an organisation that forbids browser (CORS) access, on 401 and 403', () => {
    const text = 'CORS requests are not allowed for this Organization because of its settings.';
    for (const status of [401, 403]) {
      const error = toModelError(statusError(status, 'authentication_error', text));
      expect(error.kind).toBe('cors_forbidden');
      expect(error.message).toMatch(/^Your organisation does not allow API calls from a browser\. /);
    }
  });

  it('names the model that was not found', () => {
    const error = toModelError(statusError(404, 'not_found_error', 'model: claude-nope'), undefined, {
      model: 'claude-nope',
    });
    expect(error.kind).toBe('model_not_found');
    expect(error.message).toBe(
      'The model "claude-nope" was not found. Pick another model, or check the API base URL.',
    );
    expect(toModelError(statusError(404, 'not_found_error', 'x')).message).toBe(
      'The model was not found. Pick another model, or check the API base URL.',
    );
  });

  it('tells how long to wait when rate limited, from retry-after-ms or retry-after', () => {
    const plain = toModelError(
      statusError(429, 'rate_limit_error', 'Number of requests has exceeded your limit'),
    );
    expect(plain.kind).toBe('rate_limited');
    expect(plain.message).toBe(
      'Too many requests: the API rate limit was reached. Wait a moment and try again.',
    );
    expect(toModelError(statusError(429, 'rate_limit_error', 'x', { 'retry-after': '7' })).message).toBe(
      'Too many requests: the API asks to wait 7 seconds before trying again.',
    );
    expect(
      toModelError(statusError(429, 'rate_limit_error', 'x', { 'retry-after-ms': '1200' })).message,
    ).toBe('Too many requests: the API asks to wait 2 seconds before trying again.');
    expect(toModelError(statusError(429, 'rate_limit_error', 'x', { 'retry-after': '1' })).message).toBe(
      'Too many requests: the API asks to wait 1 second before trying again.',
    );
  });

  it('quotes a body that is not the API JSON when the request was rejected', () => {
    const error = toModelError(APIError.generate(418, undefined, 'I am a teapot', new Headers()));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toBe('The API rejected the request: 418 I am a teapot');
  });
});

describe('toModelError for errors inside a stream', () => {
  it('maps an overloaded error event (no status) to overloaded', () => {
    const error = toModelError(streamError('overloaded_error', 'Overloaded'), partial);
    expect(error.kind).toBe('overloaded');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('The model is overloaded right now. Try again in a moment.');
  });

  it('maps the other error types by their type', () => {
    expect(toModelError(streamError('api_error', 'boom')).kind).toBe('server');
    expect(toModelError(streamError('rate_limit_error', 'slow down')).kind).toBe('rate_limited');
    expect(toModelError(streamError('invalid_request_error', 'bad')).message).toBe(
      'The API rejected the request: bad',
    );
    expect(toModelError(streamError('something_new', 'odd thing')).message).toBe(
      'The model request failed: odd thing',
    );
  });

  it('keeps the partial reply, marked as failed with the sentence', () => {
    const error = toModelError(streamError('overloaded_error', 'Overloaded'), partial);
    expect(error.partial).toEqual({
      ...partial,
      stopReason: 'error',
      errorMessage: 'The model is overloaded right now. Try again in a moment.',
    });
    expect(partial.stopReason).toBe('streaming');
  });
});

describe('toModelError for transport failures', () => {
  it('names the host it could not reach', () => {
    const error = toModelError(new APIConnectionError({ cause: new TypeError('fetch failed') }), undefined, {
      baseURL: 'https://proxy.example.com:8443/anthropic',
    });
    expect(error.kind).toBe('network');
    expect(error.message).toBe(
      'Could not reach the model API at proxy.example.com:8443. Check your connection or the API base URL.',
    );
  });

  it('reports a timeout, which is also a connection error, as a timeout', () => {
    const error = toModelError(new APIConnectionTimeoutError());
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('The model API took too long to answer. Try again.');
  });

  it('reports a connection lost after the reply began as dropped', () => {
    for (const cause of [new AnthropicError('network error'), new TypeError('terminated')]) {
      const error = toModelError(cause, partial, { streamStarted: true });
      expect(error.kind).toBe('connection_dropped');
      expect(error.message).toBe('The connection dropped in the middle of the reply.');
      expect(error.partial?.content).toEqual(partial.content);
    }
  });

  it('does not call an unrelated SDK error before the reply a dropped connection', () => {
    const error = toModelError(new AnthropicError('Could not resolve authentication method.'));
    expect(error.kind).toBe('unknown');
    expect(error.message).toBe('The model request failed: Could not resolve authentication method.');
  });

  it('treats an abort it is handed as a failure from elsewhere, never as a cancel', () => {
    for (const abort of [new APIUserAbortError(), new DOMException('aborted', 'AbortError')]) {
      const error = toModelError(abort);
      expect(error.kind).toBe('transport_abort');
      expect(error.message).toBe(
        'The request was cut off by the browser or the network before the reply finished.',
      );
    }
  });
});

describe('toModelError for streams that are not what a 200 promised', () => {
  const context = { baseURL: 'https://gateway.example.com/anthropic', streamStarted: true };

  it('says a silent stream was closed after the idle timeout, in seconds, and keeps the partial', () => {
    const error = toModelError(new StreamIdleTimeoutError(60_000), partial, context);
    expect(error.kind).toBe('stream_idle');
    expect(error.message).toBe(
      'The model API stopped sending the reply: nothing arrived for 60 seconds, so Baton closed the connection. Try again.',
    );
    expect(error.partial).toMatchObject({ content: partial.content, stopReason: 'error' });
    expect(toModelError(new StreamIdleTimeoutError(1500)).message).toContain(
      'nothing arrived for 1.5 seconds,',
    );
  });

  it('names a web page or JSON instead of a stream, with its first line clipped, never a dropped connection', () => {
    const page = toModelError(new NotAStreamError('web page', 'Sign in'), undefined, context);
    expect(page.kind).toBe('not_a_stream');
    expect(page.message).toBe(
      'The server at gateway.example.com answered with a web page instead of a stream: Sign in',
    );
    const json = toModelError(new NotAStreamError('JSON', 'x'.repeat(400)), undefined, context);
    expect(json.message).toMatch(
      /^The server at gateway\.example\.com answered with JSON instead of a stream: x+…$/,
    );
    expect(json.message.length).toBeLessThan(400);
    expect(toModelError(new NotAStreamError('JSON', undefined), undefined, context).message).toBe(
      'The server at gateway.example.com answered with JSON instead of a stream.',
    );
  });

  it("names a malformed stream instead of quoting the JSON parser's error", () => {
    const sentence =
      "The reply stream from gateway.example.com was malformed: an event in it could not be read as the model API's, so the reply stopped there.";
    const parserError = new SyntaxError('Unexpected end of JSON input');
    for (const error of [parserError, new MalformedStreamError(new TypeError('no delta'))]) {
      const mapped = toModelError(error, partial, context);
      expect(mapped.kind).toBe('malformed_stream');
      expect(mapped.message).toBe(sentence);
      expect(mapped.partial?.content).toEqual(partial.content);
    }
    // A SyntaxError from anywhere else is not a stream's.
    expect(toModelError(parserError).kind).toBe('unknown');
  });

  it("names the page's security policy for a request it blocked, and only then", () => {
    const refused = new APIConnectionError({ cause: new TypeError('Failed to fetch') });
    const blocked = toModelError(refused, undefined, {
      baseURL: 'http://192.168.1.20:8080',
      blockedByPolicy: true,
      offline: false,
    });
    expect(blocked.kind).toBe('blocked_by_policy');
    expect(blocked.message).toBe(
      "This page's security policy (Content-Security-Policy connect-src) blocked the request to 192.168.1.20:8080: Baton may call https:// addresses, and http:// only on localhost or 127.0.0.1. Change the API base URL in Settings.",
    );
    const unreachable = toModelError(refused, undefined, {
      baseURL: 'http://192.168.1.20:8080',
      offline: false,
    });
    expect(unreachable.kind).toBe('network');
  });
});

describe('sentences', () => {
  it('never contain the API key', () => {
    const key = 'sk-ant-api03-secretsecretsecret';
    const error = toModelError(statusError(400, 'invalid_request_error', `bad header: ${key}`), undefined, {
      secret: key,
    });
    expect(error.message).toBe('The API rejected the request: bad header: [API key removed]');
    expect(
      toModelError(new Error(`oops ${key}`), partial, { secret: key }).partial?.errorMessage,
    ).not.toContain(key);
  });

  it('passes a ModelError through and gives a sentence for anything', () => {
    const original = new ModelError('auth', 'Already mapped.');
    expect(toModelError(original)).toBe(original);
    expect(userMessageForError(original)).toBe('Already mapped.');
    expect(userMessageForError('just a string')).toBe('The model request failed: just a string');
    expect(userMessageForError(statusError(401, 'authentication_error', 'x'))).toBe(
      'The API key was rejected. Check it in Settings.',
    );
  });
});

describe('toModelError when the browser is offline', () => {
  it('says the browser is offline instead of naming the host', () => {
    const error = toModelError(new APIConnectionError({ message: 'Connection error.' }), undefined, {
      baseURL: 'https://api.anthropic.com',
      offline: true,
    });
    expect(error.kind).toBe('network');
    expect(error.message).toBe('This browser is offline. Reconnect to the network and send again.');
  });

  it('keeps naming the host when the browser is online', () => {
    const error = toModelError(new APIConnectionError({ message: 'Connection error.' }), undefined, {
      baseURL: 'https://api.anthropic.com',
      offline: false,
    });
    expect(error.message).toBe(
      'Could not reach the model API at api.anthropic.com. Check your connection or the API base URL.',
    );
  });

  it('an answer from the API is never taken for being offline', () => {
    const body = { type: 'error', error: { type: 'api_error', message: 'Internal server error' } };
    const error = toModelError(APIError.generate(500, body, undefined, new Headers()), undefined, {
      offline: true,
    });
    expect(error.kind).toBe('server');
  });
});

describe('toModelError for answers that are not the API speaking', () => {
  const GATEWAY = 'https://gateway.example.com/anthropic';
  const refusedBy = (status: number) =>
    `The request was refused with HTTP ${status} by something between Baton and the model API (a proxy, gateway or firewall at gateway.example.com): `;

  /** The error the SDK itself raises for an HTTP response with this body, from the gateway. */
  async function answeredWith(status: number, body: string, contentType = 'application/json') {
    const client = createAnthropicClient({
      apiKey: 'sk-ant-test-key',
      baseURL: GATEWAY,
      maxRetries: 0,
      fetch: async () => new Response(body, { status, headers: { 'content-type': contentType } }),
    });
    try {
      await client.messages.create({
        model: 'claude-test',
        max_tokens: 16,
        messages: [{ role: 'user', content: 'Hi' }],
      });
    } catch (error) {
      return error;
    }
    throw new Error('the request did not fail');
  }

  const mapped = async (status: number, body: string, contentType?: string, secret?: string) =>
    toModelError(await answeredWith(status, body, contentType), undefined, {
      baseURL: GATEWAY,
      ...(secret ? { secret } : {}),
    });

  it("a proxy's JSON 403 names the status and quotes its message, not the key's permissions", async () => {
    const error = await mapped(403, '{"error":{"type":"forbidden","message":"Request not allowed"}}');
    expect(error.kind).toBe('gateway');
    expect(error.status).toBe(403);
    expect(error.message).toBe(`${refusedBy(403)}Request not allowed`);
  });

  it('an error body of the API shape with a type the API does not use is not the API', async () => {
    const body = '{"type":"error","error":{"type":"forbidden","message":"Blocked by policy 7"}}';
    const error = await mapped(403, body);
    expect(error.kind).toBe('gateway');
    expect(error.message).toBe(`${refusedBy(403)}Blocked by policy 7`);
  });

  it('quotes message, or error as a string, of other JSON bodies, else the JSON itself', async () => {
    expect((await mapped(401, '{"message":"Unauthorized"}')).message).toBe(`${refusedBy(401)}Unauthorized`);
    expect((await mapped(404, '{"error":"no route matched"}')).message).toBe(
      `${refusedBy(404)}no route matched`,
    );
    expect((await mapped(429, '{"code":1015,"retry":false}')).message).toBe(
      `${refusedBy(429)}{"code":1015,"retry":false}`,
    );
    expect((await mapped(403, '{}')).message).toBe(`${refusedBy(403)}no reason given`);
  });

  it("an HTML 502 page from a load balancer gives its title, not the API's internal error", async () => {
    const page =
      '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
    const error = await mapped(502, page, 'text/html');
    expect(error.kind).toBe('gateway');
    expect(error.status).toBe(502);
    expect(error.message).toBe(
      'The request failed with HTTP 502 at something between Baton and the model API (a proxy, gateway or load balancer at gateway.example.com): 502 Bad Gateway',
    );
  });

  it('an HTML page without a title gives its first text, without tags, scripts or entities, clipped', async () => {
    const page = `<!DOCTYPE html><html><head><style>p{color:red}</style><script>var x = "<b>";</script></head><body><!-- blocked --><h1>Access&nbsp;denied</h1><p>Your request was blocked by the &quot;Acme&quot; firewall &amp; logged.</p></body></html>`;
    const error = await mapped(403, page, 'text/html; charset=utf-8');
    expect(error.message).toBe(
      `${refusedBy(403)}Access denied Your request was blocked by the "Acme" firewall & logged.`,
    );
    const long = await mapped(403, `<html><body><p>${'blocked '.repeat(100)}</p></body></html>`, 'text/html');
    const quoted = long.message.slice(refusedBy(403).length);
    expect(quoted).toHaveLength(300);
    expect(quoted.endsWith('…')).toBe(true);
  });

  it('recognises an HTML page by its opening when the content type does not say so', async () => {
    const error = await mapped(403, '<!doctype html><title>Forbidden</title>', 'application/octet-stream');
    expect(error.message).toBe(`${refusedBy(403)}Forbidden`);
  });

  it('a plain-text 403 quotes its text', async () => {
    const error = await mapped(403, 'Forbidden by corporate policy\n', 'text/plain');
    expect(error.kind).toBe('gateway');
    expect(error.message).toBe(`${refusedBy(403)}Forbidden by corporate policy`);
  });

  it("an API-shaped 403 is still the key's permissions, and an empty one keeps the status's sentence", async () => {
    const body =
      '{"type":"error","error":{"type":"permission_error","message":"Your API key does not have permission to use the specified resource."},"request_id":"req_011"}';
    const api = await mapped(403, body);
    expect(api.kind).toBe('permission');
    expect(api.message).toBe(
      'The API key is not allowed to make this request. Check its permissions in the Anthropic Console.',
    );
    expect((await mapped(403, '', 'text/plain')).kind).toBe('permission');
  });

  it('keeps a length refusal a length refusal, whoever sends it', async () => {
    const error = await mapped(413, '<html><title>413 Request Entity Too Large</title></html>', 'text/html');
    expect(error.kind).toBe('context_overflow');
  });

  it('removes the key should the body echo it', async () => {
    const key = 'sk-ant-api03-secretsecretsecret';
    const error = await mapped(403, `{"message":"key ${key} is not on the allow list"}`, undefined, key);
    expect(error.message).toBe(`${refusedBy(403)}key [API key removed] is not on the allow list`);
  });
});
