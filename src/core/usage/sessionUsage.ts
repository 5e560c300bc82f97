/**
 * The tokens a session's replies used, by the model that answered each one. Kept by
 * model, not as one sum, because each model has its own price and a price can change in
 * Settings after the fact: the cost is worked out when it is shown (pricing/sessionCost.ts),
 * never stored. Kept reply by reply, not summed, because a model can charge more for
 * every token of a request whose prompt is long: only each request's own usage tells
 * which price it paid.
 *
 * Every reply of the session counts, on every branch: a reply the user edited away was
 * still paid for.
 */
import { isMessageEntry, type SessionEntry } from '../types/entry';
import type { Message, Usage } from '../types/message';

export interface ModelUsage {
  /** The model that answered, as the API named it; '' when the reply did not record one. */
  model: string;
  /** Each reply's usage, in the order the replies ended. */
  requests: readonly Usage[];
}

export interface SessionUsage {
  /** One line per model, in the order the models first answered. */
  models: readonly ModelUsage[];
  /** Replies whose stored usage is damaged (not counts): left out, and said so. */
  unreadable: number;
}

export const NO_USAGE: SessionUsage = { models: [], unreadable: 0 };

export const ZERO_TOKENS: Usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/** What one message adds: nothing, its usage, or a damaged usage to report. */
type ReplyUsage = { kind: 'none' } | { kind: 'tokens'; model: string; usage: Usage } | { kind: 'unreadable' };

const USAGE_FIELDS = ['input', 'output', 'cacheRead', 'cacheWrite'] as const;

/**
 * Stored usage comes from older versions, imports and hand edits, so it is checked here
 * rather than trusted: a negative or non-numeric count would make the sum meaningless.
 */
function replyUsage(message: Message): ReplyUsage {
  if (message.role !== 'assistant' || message.usage === undefined) return { kind: 'none' };
  const raw: unknown = message.usage;
  if (typeof raw !== 'object' || raw === null) return { kind: 'unreadable' };
  const fields = raw as Partial<Record<keyof Usage, unknown>>;
  const usage = { ...ZERO_TOKENS };
  for (const field of USAGE_FIELDS) {
    const value = fields[field];
    // A field the API left out (older records have no cache counts) is zero tokens.
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return { kind: 'unreadable' };
    usage[field] = value;
  }
  if (totalTokens(usage) === 0) return { kind: 'none' };
  return { kind: 'tokens', model: typeof message.model === 'string' ? message.model : '', usage };
}

export function totalTokens(usage: Usage): number {
  return usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}

export function addTokens(a: Usage, b: Usage): Usage {
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
  };
}

/** The usage of every reply among `entries` (all branches), in one pass. */
export function sumSessionUsage(entries: Iterable<SessionEntry>): SessionUsage {
  // Gathered in place: a long session has 100,000 entries and this runs when one is opened.
  const byModel = new Map<string, Usage[]>();
  let unreadable = 0;
  for (const entry of entries) {
    if (!isMessageEntry(entry)) continue;
    const reply = replyUsage(entry.message);
    if (reply.kind === 'unreadable') unreadable += 1;
    if (reply.kind !== 'tokens') continue;
    const requests = byModel.get(reply.model);
    if (requests) requests.push(reply.usage);
    else byModel.set(reply.model, [reply.usage]);
  }
  return { models: [...byModel].map(([model, requests]) => ({ model, requests })), unreadable };
}

/**
 * `total` with one more message counted: how the totals follow a session as its replies
 * end, without summing the whole session again. Returns `total` itself when the message
 * adds nothing, so a store holding it sees no change.
 */
export function addReply(total: SessionUsage, message: Message): SessionUsage {
  const reply = replyUsage(message);
  if (reply.kind === 'none') return total;
  if (reply.kind === 'unreadable') return { ...total, unreadable: total.unreadable + 1 };
  const at = total.models.findIndex((line) => line.model === reply.model);
  const models =
    at === -1
      ? [...total.models, { model: reply.model, requests: [reply.usage] }]
      : total.models.map((line, i) =>
          i === at ? { ...line, requests: [...line.requests, reply.usage] } : line,
        );
  return { ...total, models };
}
