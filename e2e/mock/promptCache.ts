/**
 * The Messages API's prompt cache, acted out by the mock, so that tests and the bench see
 * the usage a real request would report. What the API does (its prompt caching docs):
 *
 * - A block carrying `cache_control` (a tool, a block of an array system prompt, a message
 *   content block) is a breakpoint. The request's prefix through it, in the API's order
 *   tools → system → messages, is written to the cache. At most four per request.
 * - A request reads back the longest prefix that is cached: at one of its breakpoints or
 *   at one of the 19 blocks before each (the API looks back 20 blocks from a breakpoint
 *   for an earlier entry, so a marker that moved on still finds what was written).
 * - Entries live 5 minutes (an hour with `ttl: "1h"`), refreshed on every hit.
 * - A prefix under the model's minimum (`minTokens`) is not cached: no error, no read, no
 *   write.
 * - A prefix is keyed by its content, never its markers: every cache_control is left out,
 *   so moving a marker changes no key. The model is part of every key. tool_choice,
 *   thinking and whether the request has images are part of the keys of prefixes that end
 *   in messages: the API's invalidation table says changing them invalidates the
 *   messages cache but not the tools or system cache.
 *
 * Token counts follow mockTokenCount (four characters of JSON a token). A prefix counts
 * the characters of the JSON of {tools, system, messages}, markers left out, from its
 * start through its last block. The breakdown then always adds up:
 *
 *   cache_read_input_tokens + cache_creation_input_tokens + input_tokens === mockTokenCount(request)
 *
 * where input_tokens is whatever follows the last breakpoint: the blocks after it, the
 * closing brackets, and the markers' own characters (mockTokenCount counts the request as
 * sent, markers included), a few tokens each.
 */
import { createHash } from 'node:crypto';
import { mockTokenCount, tokensOfChars } from './tokenCount';

/** The API refuses a request with more blocks carrying cache_control than this. */
export const MAX_CACHE_BREAKPOINTS = 4;
/** How many block boundaries, the breakpoint's own included, the API checks for an earlier entry. */
export const CACHE_LOOKBACK_BLOCKS = 20;
/** Sonnet's and Opus's minimum cacheable prefix (Haiku's is larger). */
export const DEFAULT_MIN_CACHE_TOKENS = 1024;
const FIVE_MINUTES_MS = 5 * 60_000;
const ONE_HOUR_MS = 60 * 60_000;

/** The parts of a Messages request the cache looks at. */
export interface CacheableRequest {
  model?: unknown;
  system?: unknown;
  tools?: unknown[];
  messages?: Array<{ role: string; content: unknown }>;
  tool_choice?: unknown;
  thinking?: unknown;
  /** Other fields (max_tokens, stream, ...) play no part. */
  [field: string]: unknown;
}

/** The input side of a reply's usage, as the API splits it. */
export interface CacheUsage {
  input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export type CacheOutcome =
  /** `commit` stores what the request writes and refreshes what it read: call it once the reply begins. */
  | { ok: true; usage: CacheUsage; commit(): void }
  /** Refused as the API refuses it (400 invalid_request_error, with this message). */
  | { ok: false; message: string };

export interface PromptCacheOptions {
  /** Prefixes shorter than this many tokens are not cached; default DEFAULT_MIN_CACHE_TOKENS. */
  minTokens?: number;
  /** The clock, in ms; tests pass their own to move time on. Default Date.now. */
  now?: () => number;
}

export interface PromptCache {
  /** What `request` would report against the cache as it is now; nothing is stored until commit(). */
  evaluate(request: CacheableRequest): CacheOutcome;
  /** Forgets every entry. */
  clear(): void;
  /** Entries cached and not expired. */
  readonly size: number;
}

/** One block boundary of a request's prefix. */
interface Position {
  /** Characters of the counted JSON from its start through this block. */
  chars: number;
  /** The prefix's content hash. */
  key: string;
  /** Set when the block carries cache_control: how long what it writes lives. */
  ttlMs?: number;
}

interface Entry {
  expiresAt: number;
  ttlMs: number;
}

export function createPromptCache(options: PromptCacheOptions = {}): PromptCache {
  const minTokens = options.minTokens ?? DEFAULT_MIN_CACHE_TOKENS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  const alive = (key: string, at: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= at) entries.delete(key);
    return entry && entry.expiresAt > at ? entry : undefined;
  };

  return {
    evaluate(request) {
      const { positions, markers } = prefixPositions(request);
      if (markers > MAX_CACHE_BREAKPOINTS) {
        // The API's text, as quoted in public bug reports of clients that sent a fifth marker.
        return {
          ok: false,
          message: `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${markers}.`,
        };
      }
      const at = now();
      const breakpoints = positions.flatMap((position, index) =>
        position.ttlMs !== undefined && tokensOfChars(position.chars) >= minTokens
          ? [{ position, index }]
          : [],
      );
      const hits: Position[] = [];
      for (const { index } of breakpoints) {
        // Walking back, the first entry found is this breakpoint's longest.
        for (let back = index; back >= 0 && back > index - CACHE_LOOKBACK_BLOCKS; back--) {
          const candidate = positions[back];
          if (candidate && alive(candidate.key, at)) {
            hits.push(candidate);
            break;
          }
        }
      }
      const read = Math.max(0, ...hits.map((hit) => tokensOfChars(hit.chars)));
      const last = breakpoints.at(-1)?.position;
      const end = last ? tokensOfChars(last.chars) : 0;
      const usage: CacheUsage = {
        input_tokens: mockTokenCount(request) - end,
        cache_read_input_tokens: read,
        cache_creation_input_tokens: end - read,
      };
      return {
        ok: true,
        usage,
        commit() {
          const committedAt = now();
          for (const hit of hits) {
            const entry = entries.get(hit.key);
            if (entry) entry.expiresAt = committedAt + entry.ttlMs;
          }
          for (const { position } of breakpoints) {
            const ttlMs = position.ttlMs ?? FIVE_MINUTES_MS;
            const entry = alive(position.key, committedAt);
            // A 5-minute write does not shorten an entry an hour-long one made.
            if (!entry || entry.expiresAt < committedAt + ttlMs) {
              entries.set(position.key, { expiresAt: committedAt + ttlMs, ttlMs });
            }
          }
        },
      };
    },
    clear() {
      entries.clear();
    },
    get size() {
      const at = now();
      return [...entries.keys()].filter((key) => alive(key, at)).length;
    },
  };
}

/**
 * Walks the request in the API's prefix order, writing the JSON of {tools, system,
 * messages} piece by piece (markers left out) into one running hash: each block boundary
 * gets the hash and the length of everything before it. Closing brackets come after a
 * block, so they belong to the next one's prefix, never to its own.
 */
function prefixPositions(request: CacheableRequest): { positions: Position[]; markers: number } {
  const hash = createHash('sha256');
  const positions: Position[] = [];
  let chars = 0;
  let markers = 0;
  const write = (text: string, counted = true): void => {
    hash.update(text);
    if (counted) chars += text.length;
  };
  const block = (value: unknown, separator: string): void => {
    write(separator);
    const { stripped, marker } = withoutMarkers(value);
    write(canonicalJson(stripped));
    markers += marker.count;
    const position: Position = { chars, key: hash.copy().digest('hex') };
    if (marker.count > 0) position.ttlMs = marker.ttlMs;
    positions.push(position);
  };
  const blocks = (content: unknown): void => {
    // No system prompt is no block; a plain string (system prompt or turn) is one that
    // cannot carry a marker.
    if (content === undefined || content === null) {
      write('null');
      return;
    }
    if (!Array.isArray(content)) {
      block(content, '');
      return;
    }
    write('[');
    content.forEach((item, i) => {
      block(item, i > 0 ? ',' : '');
    });
    write(']');
  };

  write(canonicalJson(request.model ?? null), false);
  write('{"tools":[');
  (request.tools ?? []).forEach((tool, i) => {
    block(tool, i > 0 ? ',' : '');
  });
  write('],"system":');
  blocks(request.system);
  // Only prefixes that end in messages depend on these.
  write(canonicalJson(messageSettings(request)), false);
  write(',"messages":[');
  (request.messages ?? []).forEach((message, m) => {
    write(`${m > 0 ? ',' : ''}{"role":${JSON.stringify(message.role)},"content":`);
    blocks(message.content);
    write('}');
  });
  return { positions, markers };
}

/** What invalidates the messages cache but not the tools or system cache (the API's table). */
function messageSettings(request: CacheableRequest): unknown {
  const hasImages = (request.messages ?? []).some((message) =>
    contentBlocks(message.content).some(
      (block) =>
        block.type === 'image' || contentBlocks(block.content).some((inner) => inner.type === 'image'),
    ),
  );
  return {
    // Left out, the API uses `auto`: the same choice, so the same cache.
    tool_choice: request.tool_choice ?? { type: 'auto' },
    thinking: request.thinking ?? null,
    images: hasImages,
  };
}

/** A block without its cache_control, and the markers it carried (a tool result's inner blocks included). */
function withoutMarkers(value: unknown): { stripped: unknown; marker: { count: number; ttlMs: number } } {
  const marker = { count: 0, ttlMs: FIVE_MINUTES_MS };
  const strip = (item: unknown): unknown => {
    if (!isRecord(item) || !('cache_control' in item)) return item;
    const { cache_control: control, ...rest } = item;
    marker.count += 1;
    if (isRecord(control) && control.ttl === '1h') marker.ttlMs = ONE_HOUR_MS;
    return rest;
  };
  const stripped = strip(value);
  if (isRecord(stripped) && Array.isArray(stripped.content)) {
    return { stripped: { ...stripped, content: stripped.content.map(strip) }, marker };
  }
  return { stripped, marker };
}

/** JSON with every object's keys sorted, so that key order never changes a hash (nor a length). */
function canonicalJson(value: unknown): string {
  const json = JSON.stringify(value, (_key, item: unknown) =>
    isRecord(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
  // `undefined` (a hole in a tools array, say) is written as JSON writes it in an array.
  return json ?? 'null';
}

function contentBlocks(content: unknown): Array<Record<string, unknown>> {
  return Array.isArray(content) ? content.filter(isRecord) : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
