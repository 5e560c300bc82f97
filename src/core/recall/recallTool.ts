/**
 * The `recall` tool, declared only in sessions started by a handoff: it searches the
 * chain of sessions this one came from (parent, grandparent…) and answers with the best
 * passages, each with its session title, an entry reference and a few lines of context,
 * within a token budget so a broad query cannot flood the context.
 */
import { estimateTextTokens } from '../context/estimateTokens';
import { isRecord } from '../isRecord';
import type { Tool, ToolExecutionResult } from '../tools/tool';
import type { SessionHeader } from '../types/entry';
import { ancestorsOf } from './ancestors';
import { excerptOf } from './excerpt';
import { queryLimitNote } from './queryLimits';
import { passageText, RECALL_TOOL_NAME, type RecallPassage, recallHeadline } from './recallFormat';

export { RECALL_TOOL_NAME };

import type { RecallHit, RecallPort } from './recallPort';

export const RECALL_DESCRIPTION = 'search the earlier sessions this work came from';

/** What one answer may cost the context, in estimated tokens. */
export const RECALL_TOKEN_BUDGET = 2000;
export const DEFAULT_RECALL_LIMIT = 5;
export const MAX_RECALL_LIMIT = 10;

const DESCRIPTION = [
  `${RECALL_DESCRIPTION}: the sessions before the handoff that started this one (its parent,`,
  'grandparent and so on). It searches everything said in them: messages, tool calls and results,',
  'and the handoff documents. Use it when the handoff document lacks a detail you need: an exact',
  'path, an error message, a number, the reason for a decision. Returns the best passages, each',
  'with its session title, a reference and a few lines of context.',
].join('\n');

interface RecallInput {
  query: string;
  session?: string;
  limit: number;
}

function readInput(input: unknown): RecallInput | string {
  if (!isRecord(input)) return 'Input must be an object: {"query": "..."}.';
  const extra = Object.keys(input).filter((key) => !['query', 'session', 'limit'].includes(key));
  if (extra.length > 0) return `Unexpected input field(s): ${extra.join(', ')}.`;
  const { query, session, limit } = input;
  if (typeof query !== 'string' || query.trim() === '') return '"query" must be a non-empty string.';
  if (session !== undefined && typeof session !== 'string') return '"session" must be a string.';
  if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1))
    return '"limit" must be a positive whole number.';
  return {
    query: query.trim(),
    ...(session !== undefined && session.trim() !== '' && { session: session.trim() }),
    limit: Math.min(limit ?? DEFAULT_RECALL_LIMIT, MAX_RECALL_LIMIT),
  };
}

/** The ancestor the model named, by id or by (part of) its title. */
function pickSessions(chain: readonly SessionHeader[], session: string | undefined): SessionHeader[] {
  if (session === undefined) return [...chain];
  const byId = chain.filter((header) => header.id === session);
  if (byId.length > 0) return byId;
  const wanted = session.toLowerCase();
  return chain.filter((header) => header.title.toLowerCase().includes(wanted));
}

export interface RecallToolOptions {
  port: RecallPort;
  /** The header of the session the tool serves, read at each call. */
  current(): SessionHeader;
  budget?: number;
}

export function createRecallTool({ port, current, budget = RECALL_TOKEN_BUDGET }: RecallToolOptions): Tool {
  return {
    definition: {
      name: RECALL_TOOL_NAME,
      description: DESCRIPTION,
      input_schema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words to look for; any form of a word matches.' },
          session: {
            type: 'string',
            description: 'Only this earlier session: its title (or part of it) or its id.',
          },
          limit: {
            type: 'number',
            description: `How many passages at most (default ${DEFAULT_RECALL_LIMIT}, at most ${MAX_RECALL_LIMIT}).`,
          },
        },
        required: ['query'],
        additionalProperties: false,
      },
    },
    async execute(input: unknown): Promise<ToolExecutionResult> {
      const read = readInput(input);
      if (typeof read === 'string') return { content: `Error: ${read}`, isError: true };
      const chain = await ancestorsOf(current(), (id) => port.header(id));
      if (chain.length === 0)
        return { content: 'Error: this session has no earlier sessions.', isError: true };
      const sessions = pickSessions(chain, read.session);
      if (sessions.length === 0) {
        const titles = chain.map((header) => `"${header.title}"`).join(', ');
        return {
          content: `Error: no earlier session matches "${read.session}". They are: ${titles}.`,
          isError: true,
        };
      }
      const titles = new Map(sessions.map((header) => [header.id, header.title]));
      let hits: RecallHit[];
      try {
        hits = await port.search(read.query, [...titles.keys()], read.limit);
      } catch {
        // What broke inside the index means nothing to the model: say what it can do instead.
        return {
          content:
            'Error: the search of the earlier sessions failed. Try again, with fewer or shorter words.',
          isError: true,
        };
      }
      return {
        content: fitBudget(
          read.query,
          hits.map((hit) => ({
            sessionId: hit.sessionId,
            sessionTitle: titles.get(hit.sessionId) ?? hit.sessionId,
            entryId: hit.entryId,
            role: hit.role,
            excerpt: excerptOf(hit.text, hit.terms),
          })),
          budget,
          queryLimitNote(read.query, 'the'),
        ),
      };
    },
  };
}

/** Passages best first, as many as fit the budget with the headline (and what of the query was searched, if cut). */
export function fitBudget(
  query: string,
  passages: readonly RecallPassage[],
  budget: number,
  note?: string,
): string {
  const kept: string[] = [];
  const headline = (count: number, left: number) =>
    [recallHeadline(query, count, left), ...(note ? [note] : [])].join(' ');
  // The headline's own length barely depends on the count: reserve it with the largest one.
  let used = estimateTextTokens(headline(passages.length, passages.length)) + 2;
  for (const passage of passages) {
    const text = passageText(passage, kept.length + 1);
    const cost = estimateTextTokens(text) + 1;
    if (used + cost > budget) break;
    kept.push(text);
    used += cost;
  }
  return [headline(kept.length, passages.length - kept.length), ...kept].join('\n\n');
}
