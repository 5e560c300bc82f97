import { describe, expect, it } from 'vitest';
import { type CacheableRequest, type CacheUsage, createPromptCache, type PromptCache } from './promptCache';
import { mockTokenCount, tokensOfChars } from './tokenCount';

const MARK = { type: 'ephemeral' } as const;
/** About 1,500 mock tokens: over the 1,024-token minimum on its own. */
const LONG = 'The quick brown fox jumps over the lazy dog. '.repeat(135);

type Block = { type: 'text'; text: string; cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' } };

function text(value: string, marked = false): Block {
  return marked ? { type: 'text', text: value, cache_control: MARK } : { type: 'text', text: value };
}

function request(messages: Array<{ role: 'user' | 'assistant'; content: Block[] }>, extra = {}) {
  return { model: 'claude-test', max_tokens: 100, messages, ...extra };
}

/** Evaluates and commits, as the mock does when a reply begins; returns the usage. */
function send(cache: PromptCache, body: CacheableRequest): CacheUsage {
  const outcome = cache.evaluate(body);
  if (!outcome.ok) throw new Error(outcome.message);
  outcome.commit();
  return outcome.usage;
}

function total(usage: CacheUsage): number {
  return usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens;
}

describe('reads and writes', () => {
  it('writes the prefix through a breakpoint, counted from the JSON without markers, and the parts add up', () => {
    const cache = createPromptCache();
    const body = request([{ role: 'user', content: [text(LONG, true)] }]);
    // The prefix is everything but the closing `]}]}` of the content, the turn and the request.
    const unmarked = { tools: [], system: null, messages: [{ role: 'user', content: [text(LONG)] }] };
    const prefix = tokensOfChars(JSON.stringify(unmarked).length - 4);

    const usage = send(cache, body);
    expect(usage.cache_read_input_tokens).toBe(0);
    expect(usage.cache_creation_input_tokens).toBe(prefix);
    expect(total(usage)).toBe(mockTokenCount(body));
    // What follows the last breakpoint: brackets and the marker's own characters.
    expect(usage.input_tokens).toBeGreaterThan(0);
    expect(usage.input_tokens).toBeLessThan(20);
    expect(cache.size).toBe(1);
  });

  it('stores nothing until commit', () => {
    const cache = createPromptCache();
    const body = request([{ role: 'user', content: [text(LONG, true)] }]);
    const first = cache.evaluate(body);
    const second = cache.evaluate(body);
    expect(first.ok && second.ok && second.usage.cache_read_input_tokens).toBe(0);
    expect(cache.size).toBe(0);
  });

  it("reads back the previous request's prefix at its breakpoint, and writes only what is new", () => {
    const cache = createPromptCache();
    const first = send(cache, request([{ role: 'user', content: [text(LONG, true)] }]));
    const next = request([
      { role: 'user', content: [text(LONG, true)] },
      { role: 'assistant', content: [text('A reply.')] },
      { role: 'user', content: [text('Another question.', true)] },
    ]);
    const usage = send(cache, next);
    const unmarked = {
      tools: [],
      system: null,
      messages: next.messages.map((turn) => ({
        role: turn.role,
        content: turn.content.map((b) => text(b.text)),
      })),
    };

    expect(usage.cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
    expect(usage.cache_read_input_tokens + usage.cache_creation_input_tokens).toBe(
      tokensOfChars(JSON.stringify(unmarked).length - 4),
    );
    expect(total(usage)).toBe(mockTokenCount(next));
    // The same request again reads it all and writes nothing.
    const again = send(cache, next);
    expect(again.cache_read_input_tokens).toBe(
      usage.cache_read_input_tokens + usage.cache_creation_input_tokens,
    );
    expect(again.cache_creation_input_tokens).toBe(0);
    expect(cache.size).toBe(2);
  });

  it('keys a prefix by its content, not its markers or key order', () => {
    const cache = createPromptCache();
    send(cache, request([{ role: 'user', content: [text(LONG, true)] }]));
    const hourLong: Block = { cache_control: { type: 'ephemeral', ttl: '1h' }, text: LONG, type: 'text' };
    const usage = send(cache, request([{ role: 'user', content: [hourLong] }]));
    expect(usage.cache_read_input_tokens).toBeGreaterThan(1000);
    expect(usage.cache_creation_input_tokens).toBe(0);
  });

  it('misses when the content before the breakpoint or the model differs', () => {
    const cache = createPromptCache();
    send(cache, request([{ role: 'user', content: [text(LONG, true)] }]));
    const edited = send(cache, request([{ role: 'user', content: [text(`${LONG}!`, true)] }]));
    const otherModel = send(cache, {
      ...request([{ role: 'user', content: [text(LONG, true)] }]),
      model: 'claude-other',
    });
    expect(edited.cache_read_input_tokens).toBe(0);
    expect(otherModel.cache_read_input_tokens).toBe(0);
  });

  it('finds an earlier entry up to 20 blocks back from a breakpoint, not further', () => {
    const withSmallBlocks = (count: number) =>
      request([
        {
          role: 'user',
          content: [
            text(LONG),
            ...Array.from({ length: count }, (_, i) => text(`note ${i}`, i === count - 1)),
          ],
        },
      ]);
    const write = request([{ role: 'user', content: [text(LONG, true)] }]);

    const near = createPromptCache();
    const written = send(near, write).cache_creation_input_tokens;
    // The breakpoint is the 20th block counting back to LONG's, its own included.
    expect(send(near, withSmallBlocks(19)).cache_read_input_tokens).toBe(written);

    const far = createPromptCache();
    send(far, write);
    expect(send(far, withSmallBlocks(20)).cache_read_input_tokens).toBe(0);
  });
});

describe('limits', () => {
  it('does not cache a prefix under the minimum: no read, no write, all of it input', () => {
    const cache = createPromptCache();
    const body = request([{ role: 'user', content: [text('Short question.', true)] }]);
    const usage = send(cache, body);
    expect(usage).toEqual({
      input_tokens: mockTokenCount(body),
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
    expect(cache.size).toBe(0);

    const lowered = createPromptCache({ minTokens: 10 });
    expect(send(lowered, body).cache_creation_input_tokens).toBeGreaterThan(10);
  });

  it('refuses more than four marked blocks with the API message, a tool result counted by its inner marks', () => {
    const cache = createPromptCache();
    const four = request([
      { role: 'user', content: [text('a', true), text('b', true), text('c', true), text('d', true)] },
    ]);
    expect(cache.evaluate(four).ok).toBe(true);

    const innerMark = {
      type: 'tool_result',
      tool_use_id: 't1',
      content: [{ type: 'text', text: 'result', cache_control: MARK }],
    };
    const five = {
      ...four,
      messages: [
        ...four.messages,
        { role: 'assistant', content: [] },
        { role: 'user', content: [innerMark] },
      ],
    };
    expect(cache.evaluate(five)).toEqual({
      ok: false,
      message: 'A maximum of 4 blocks with cache_control may be provided. Found 5.',
    });
  });
});

describe('lifetime', () => {
  it('keeps an entry 5 minutes, refreshed by every hit', () => {
    let now = 0;
    const cache = createPromptCache({ now: () => now });
    const body = request([{ role: 'user', content: [text(LONG, true)] }]);
    send(cache, body);

    now += 5 * 60_000 - 1;
    expect(send(cache, body).cache_read_input_tokens).toBeGreaterThan(0);
    now += 5 * 60_000 - 1; // ten minutes after the write, but within five of the hit
    expect(send(cache, body).cache_read_input_tokens).toBeGreaterThan(0);
    now += 5 * 60_000;
    expect(cache.size).toBe(0);
    const expired = send(cache, body);
    expect(expired.cache_read_input_tokens).toBe(0);
    expect(expired.cache_creation_input_tokens).toBeGreaterThan(0);
  });

  it('keeps an entry written with ttl "1h" an hour, and a 5-minute write does not shorten it', () => {
    let now = 0;
    const cache = createPromptCache({ now: () => now });
    const hourLong: Block = { type: 'text', text: LONG, cache_control: { type: 'ephemeral', ttl: '1h' } };
    send(cache, request([{ role: 'user', content: [hourLong] }]));
    now += 60_000;
    const plain = request([{ role: 'user', content: [text(LONG, true)] }]);
    send(cache, plain);
    now += 50 * 60_000;
    expect(send(cache, plain).cache_read_input_tokens).toBeGreaterThan(0);
  });

  it('clear() forgets every entry', () => {
    const cache = createPromptCache();
    const body = request([{ role: 'user', content: [text(LONG, true)] }]);
    send(cache, body);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(send(cache, body).cache_read_input_tokens).toBe(0);
  });
});

describe('the prefix order tools → system → messages', () => {
  const tool = (description: string, marked = false) => ({
    name: 'lookup',
    description,
    input_schema: { type: 'object' },
    ...(marked && { cache_control: MARK }),
  });
  const body = (options: { tool?: string; system?: string; message?: string; toolChoice?: unknown }) => ({
    ...request([{ role: 'user', content: [text(options.message ?? 'First question.', true)] }]),
    tools: [tool(options.tool ?? 'Looks things up.', true)],
    system: [text(options.system ?? 'Be brief.', true)],
    ...(options.toolChoice !== undefined && { tool_choice: options.toolChoice }),
  });
  /** Token counts of the prefixes through the tool and through the system block. */
  const throughTool = tokensOfChars('{"tools":['.length + JSON.stringify(tool('Looks things up.')).length);
  const throughSystem = tokensOfChars(
    JSON.stringify({ tools: [tool('Looks things up.')], system: [text('Be brief.')] }).length - 2,
  );

  it('reads the tools and system entries when only the messages changed', () => {
    const cache = createPromptCache({ minTokens: 1 });
    send(cache, body({}));
    expect(send(cache, body({ message: 'Another question.' })).cache_read_input_tokens).toBe(throughSystem);
  });

  it('reads the tools entry when the system changed, and nothing when a tool changed', () => {
    const cache = createPromptCache({ minTokens: 1 });
    send(cache, body({}));
    expect(send(cache, body({ system: 'Be thorough.' })).cache_read_input_tokens).toBe(throughTool);
    expect(send(cache, body({ tool: 'Finds things.' })).cache_read_input_tokens).toBe(0);
  });

  it('loses the messages entries, not the tools or system ones, when tool_choice changes', () => {
    const cache = createPromptCache({ minTokens: 1 });
    const first = send(cache, body({ toolChoice: { type: 'auto' } }));
    const whole = first.cache_creation_input_tokens;
    // Left out, tool_choice is `auto`: the same cache.
    expect(send(cache, body({})).cache_read_input_tokens).toBe(whole);
    expect(send(cache, body({ toolChoice: { type: 'none' } })).cache_read_input_tokens).toBe(throughSystem);
  });
});
