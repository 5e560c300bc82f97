/**
 * The pure stages of condensing a handoff request that does not fit the model's window
 * (spec, "When the conversation no longer fits"). Nothing here calls a model: the
 * driver (condenseForHandoff.ts) runs the summaries these stages plan.
 *
 * A "turn" starts at a user message that carries no tool_result and runs to the next
 * one, so a tool_use and its tool_result always sit in the same turn; chunks and the
 * kept tail are cut only between turns.
 */

import { attachmentPlaceholder, describeAttachment } from '../attachments/attachmentText';
import {
  charsPerTokenOf,
  estimateBlockTokens,
  estimateMessagesTokens,
  estimateTurnTokens,
} from '../context/estimateTokens';
import { groupThousands } from '../groupThousands';
import { connectorResultText } from '../session/mcpConnectorBlocks';
import { serverResultSummary } from '../session/serverTools';
import { searchResultTitles } from '../session/webSearch';
import type { ApiContentBlock, ApiMessage } from '../types/agentMessage';
import type { ServerToolResultBlock, ServerToolUseBlock, WebSearchResultBlock } from '../types/message';
import { toolResultText } from '../types/toolResultText';
import { inlineText } from '../untrusted/inlineText';
import { untrustedBlock } from '../untrusted/untrustedBlock';

export type Turn = ApiMessage[];

export function splitTurns(messages: readonly ApiMessage[]): Turn[] {
  const turns: Turn[] = [];
  for (const message of messages) {
    const startsTurn =
      message.role === 'user' && !message.content.some((block) => block.type === 'tool_result');
    const current = turns.at(-1);
    if (startsTurn || !current) turns.push([message]);
    else current.push(message);
  }
  return turns;
}

export interface ReplacedAttachments {
  messages: ApiMessage[];
  replaced: number;
}

/**
 * Stage 0: attached files → the one line that names them (attachmentPlaceholder), oldest
 * first, until the messages fit `budget` tokens. Files are the largest and least
 * summarisable part of a context, so they go before anything is cleared or summarised;
 * the newest turn keeps its files (the question is usually about them). Returns the
 * input array itself when nothing had to go.
 */
export function replaceOldAttachments(messages: readonly ApiMessage[], budget: number): ReplacedAttachments {
  let total = estimateMessagesTokens(messages);
  if (total <= budget) return { messages: [...messages], replaced: 0 };
  const out = messages.map((message) => ({ ...message, content: [...message.content] }));
  const lastTurnStart = messages.length - (splitTurns(messages).at(-1)?.length ?? 0);
  let replaced = 0;
  for (let m = 0; m < lastTurnStart && total > budget; m++) {
    const message = out[m];
    if (!message) continue;
    for (let b = 0; b < message.content.length && total > budget; b++) {
      const block = message.content[b];
      if (block?.type !== 'attachment') continue;
      const replacement: ApiContentBlock = { type: 'text', text: attachmentPlaceholder(block.attachment) };
      total -= estimateBlockTokens(block) - estimateBlockTokens(replacement);
      message.content[b] = replacement;
      replaced++;
    }
  }
  return { messages: out, replaced };
}

/** Stage 1: the one line a cleared tool result leaves behind. */
export function clearedToolResultText(toolName: string, chars: number): string {
  return `[Tool result of ${toolName} cleared to fit the context window: ${groupThousands(chars)} characters removed]`;
}

export interface ClearedToolResults {
  messages: ApiMessage[];
  cleared: number;
}

/**
 * Replaces tool results with a one-line placeholder, oldest first, until the messages
 * fit `budget` tokens: client tools' (MCP tools' among them) and the API's server tools'
 * alike (web search, web fetch, code execution), which are the bulk of tool-heavy work
 * and what a summary needs least verbatim. The newest turn keeps its results: the model
 * is usually in the middle of using them. Returns new objects only where something changed.
 */
export function clearOldToolResults(messages: readonly ApiMessage[], budget: number): ClearedToolResults {
  let total = estimateMessagesTokens(messages);
  const out = messages.map((message) => ({ ...message, content: [...message.content] }));
  if (total <= budget) return { messages: out, cleared: 0 };
  const names = toolNames(messages);
  const lastTurnStart = messages.length - (splitTurns(messages).at(-1)?.length ?? 0);
  let cleared = 0;
  for (let m = 0; m < lastTurnStart && total > budget; m++) {
    const message = out[m];
    if (!message) continue;
    const serverCalls = serverToolCalls(message);
    const clearedCalls = new Set<string>();
    for (let b = 0; b < message.content.length && total > budget; b++) {
      const block = message.content[b];
      if (!block) continue;
      const call = isServerToolResult(block) ? serverCalls.get(block.tool_use_id) : undefined;
      const replacement =
        block.type === 'tool_result' && !isPlaceholder(toolResultText(block.content))
          ? {
              ...block,
              content: clearedToolResultText(
                names.get(block.tool_use_id) ?? 'a tool',
                toolResultText(block.content).length,
              ),
            }
          : call && isServerToolResult(block)
            ? clearedServerResult(call, block)
            : undefined;
      if (!replacement) continue;
      // The call goes with its result (see clearedServerResult): its tokens are saved too.
      const callTokens = call ? estimateBlockTokens(call) : 0;
      const saved = estimateBlockTokens(block) + callTokens - estimateBlockTokens(replacement);
      // A result shorter than its placeholder stays: clearing it would only grow the request.
      if (saved <= 0) continue;
      total -= saved;
      message.content[b] = replacement;
      if (call) clearedCalls.add(call.id);
      cleared++;
    }
    if (clearedCalls.size > 0)
      message.content = message.content.filter(
        (block) => block.type !== 'server_tool_use' || !clearedCalls.has(block.id),
      );
  }
  return { messages: out, cleared };
}

type ServerResult = WebSearchResultBlock | ServerToolResultBlock;

function isServerToolResult(block: ApiContentBlock): block is ServerResult {
  return block.type !== 'tool_result' && block.type.endsWith('_tool_result') && 'tool_use_id' in block;
}

/** Of a cleared server tool call's input, what its line keeps (a file the code wrote can be long). */
const CLEARED_CALL_INPUT_CHARS = 500;

/** Stage 1's line for a server tool's call and result, which it replaces together. */
export function clearedServerToolText(call: ServerToolUseBlock, chars: number): string {
  const whole = JSON.stringify(call.input ?? {});
  const input =
    whole.length > CLEARED_CALL_INPUT_CHARS ? `${whole.slice(0, CLEARED_CALL_INPUT_CHARS)}…` : whole;
  // The input is the model's, relayed from pages and programs: it must not read as a wrapper tag.
  return `[${inlineText(call.name)} was called with ${inlineText(input)}; its result was cleared to fit the context window: ${groupThousands(chars)} characters removed]`;
}

/**
 * A server tool's result cannot be a placeholder of its own: the API reads its content
 * as its tool's result shape (a placeholder there would be invalid, and an error object
 * would say the call failed). Nor can its call stay without it (the API wants the two
 * together). So both give way to one text line in the assistant's turn, where they were.
 */
function clearedServerResult(call: ServerToolUseBlock, block: ServerResult): ApiContentBlock {
  return { type: 'text', text: clearedServerToolText(call, JSON.stringify(block.content ?? null).length) };
}

function isPlaceholder(text: string): boolean {
  return text.startsWith('[Tool result of ') && text.includes('cleared to fit the context window');
}

function toolNames(messages: readonly ApiMessage[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const message of messages)
    for (const block of message.content)
      if (block.type === 'tool_use' || block.type === 'mcp_tool_use') names.set(block.id, block.name);
  return names;
}

/**
 * A message's server tool calls by id. A result is cleared only with its call from the
 * same message: the call cannot be taken out of another one (a result without its call
 * in view stays as it is).
 */
function serverToolCalls(message: ApiMessage): Map<string, ServerToolUseBlock> {
  const calls = new Map<string, ServerToolUseBlock>();
  for (const block of message.content) if (block.type === 'server_tool_use') calls.set(block.id, block);
  return calls;
}

/** Stage 3's split: what is kept as it is, and the older middle that is summarised. */
export interface CondensePlan {
  /** The first user message: the original goal, always kept (clipped only if it alone is huge). */
  head: ApiMessage;
  /** Older turns, oldest first, to be summarised. */
  middle: ApiMessage[];
  /** The newest whole turns that fit, oldest first. */
  tail: ApiMessage[];
  /** Tokens left for the notes that replace the middle. */
  notesBudget: number;
}

/** Share of the budget the first user message may take before it is clipped. */
const HEAD_SHARE = 0.2;
/** Share of what is left that the newest turns may take; the rest is for the notes. */
const TAIL_SHARE = 0.5;

export function planSummary(messages: readonly ApiMessage[], budget: number): CondensePlan {
  const turns = splitTurns(messages);
  const first = turns[0]?.[0] ?? { role: 'user', content: [] };
  const head = clipMessage(
    { role: 'user', content: first.content.filter((b) => b.type === 'text') },
    Math.floor(budget * HEAD_SHARE),
  );
  const available = Math.max(0, budget - estimateTurnTokens(head));
  const rest = [(turns[0] ?? []).slice(1), ...turns.slice(1)].filter((turn) => turn.length > 0);
  const tailTurns: Turn[] = [];
  let tailTokens = 0;
  for (let i = rest.length - 1; i >= 0; i--) {
    const turn = rest[i];
    if (!turn) break;
    const tokens = estimateMessagesTokens(turn);
    if (tailTokens + tokens > available * TAIL_SHARE) break;
    tailTurns.unshift(turn);
    tailTokens += tokens;
  }
  const middle = rest.slice(0, rest.length - tailTurns.length).flat();
  return { head, middle, tail: tailTurns.flat(), notesBudget: available - tailTokens };
}

/** The notes that replace the middle, as the text block of the first user turn. */
export function notesBlockText(notes: string, messagesSummarised: number): string {
  // The notes are the model's, written from whatever the conversation held.
  return untrustedBlock(
    'earlier-conversation-notes',
    {},
    `Notes on ${groupThousands(messagesSummarised)} earlier messages of this conversation, condensed to fit the context window:\n${notes}`,
  );
}

/** Stage 4: first user message + notes, then the newest turns, as valid alternating turns. */
export function assembleCondensed(
  plan: CondensePlan,
  notes: string | undefined,
  summarised: number,
): ApiMessage[] {
  const opening: ApiMessage = {
    role: 'user',
    content: [
      ...plan.head.content,
      ...(notes === undefined ? [] : [{ type: 'text' as const, text: notesBlockText(notes, summarised) }]),
    ],
  };
  const out: ApiMessage[] = [opening];
  for (const message of plan.tail) {
    const last = out.at(-1);
    if (last && last.role === message.role) last.content = [...last.content, ...message.content];
    else out.push({ role: message.role, content: [...message.content] });
  }
  return out;
}

/** One line per block, so a chunk of turns can be read as plain text by the summariser. */
export function renderForSummary(messages: readonly ApiMessage[]): string {
  const names = toolNames(messages);
  const lines: string[] = [];
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === 'text')
        lines.push(`${message.role === 'user' ? 'User' : 'Assistant'}: ${block.text}`);
      else if (block.type === 'tool_use')
        lines.push(`Assistant called tool ${block.name} with ${JSON.stringify(block.input ?? {})}`);
      else if (block.type === 'tool_result')
        lines.push(
          `Result of ${names.get(block.tool_use_id) ?? 'a tool'}${block.is_error ? ' (error)' : ''}: ${toolResultText(block.content)}`,
        );
      else if (block.type === 'server_tool_use')
        lines.push(`Assistant used ${block.name} with ${JSON.stringify(block.input ?? {})}`);
      else if (block.type === 'mcp_tool_use')
        lines.push(
          `Assistant used ${block.name} of the MCP server ${block.server_name} with ${JSON.stringify(block.input ?? {})}`,
        );
      else if (block.type === 'mcp_tool_result')
        lines.push(
          `Result of ${names.get(block.tool_use_id) ?? 'an MCP tool'}${block.is_error ? ' (error)' : ''}: ${connectorResultText(block)}`,
        );
      else if (block.type === 'web_search_tool_result') {
        const titles = searchResultTitles(block).join('; ');
        lines.push(`Web search results: ${titles || 'none'}`);
      } else if (block.type === 'attachment')
        lines.push(`User attached ${describeAttachment(block.attachment)}`);
      // What web fetch and code execution returned.
      else if ('tool_use_id' in block) lines.push(serverResultSummary(block));
      // Thinking is the model's scratch work: the summary needs what was said and done.
    }
  }
  return lines.join('\n');
}

/**
 * Cuts rendered text into pieces of at most `maxTokens` each, on message boundaries
 * where it can (lines), and inside a line only when one line alone is too long (then
 * between words where it can).
 */
export function chunkText(text: string, maxTokens: number, charsPerToken = charsPerTokenOf(text)): string[] {
  const maxChars = Math.max(200, Math.floor(maxTokens * charsPerToken));
  const chunks: string[] = [];
  let current = '';
  const pushCurrent = () => {
    if (current) chunks.push(current);
    current = '';
  };
  for (const line of text.split('\n')) {
    if (line.length > maxChars) {
      pushCurrent();
      const half = Math.floor(maxChars / 2);
      for (let i = 0; i < line.length; ) {
        let end = Math.min(line.length, i + maxChars);
        // Cut at a space when there is one in the piece's second half: a name, a path or a
        // number split across two summarising requests would reach neither whole. (Only
        // that half is searched, so a huge line without spaces stays linear.)
        const space = end < line.length ? line.slice(i + half, end + 1).lastIndexOf(' ') : -1;
        if (space > 0) end = i + half + space;
        chunks.push(line.slice(i, end));
        i = end;
      }
      continue;
    }
    if (current.length + line.length + 1 > maxChars) pushCurrent();
    current = current ? `${current}\n${line}` : line;
  }
  pushCurrent();
  return chunks;
}

/** Cuts turns into chunks of whole turns of at most `maxTokens`; a turn too big alone is split as text. */
export function chunkTurns(messages: readonly ApiMessage[], maxTokens: number): string[] {
  const chunks: string[] = [];
  let current: ApiMessage[] = [];
  let currentTokens = 0;
  const pushCurrent = () => {
    if (current.length > 0) chunks.push(renderForSummary(current));
    current = [];
    currentTokens = 0;
  };
  for (const turn of splitTurns(messages)) {
    const tokens = estimateMessagesTokens(turn);
    if (tokens > maxTokens) {
      pushCurrent();
      chunks.push(...chunkText(renderForSummary(turn), maxTokens));
      continue;
    }
    if (currentTokens + tokens > maxTokens) pushCurrent();
    current.push(...turn);
    currentTokens += tokens;
  }
  pushCurrent();
  return chunks;
}

/** Keeps the start and the end of over-long text blocks so the message fits `maxTokens`. */
export function clipMessage(message: ApiMessage, maxTokens: number): ApiMessage {
  const tokens = estimateTurnTokens(message);
  if (tokens <= maxTokens) return message;
  const ratio = Math.max(0, maxTokens / tokens);
  return {
    role: message.role,
    content: message.content.map((block) =>
      block.type === 'text'
        ? { ...block, text: clipMiddle(block.text, Math.floor(block.text.length * ratio * 0.9)) }
        : block,
    ),
  };
}

export function clipMiddle(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const marker = `\n[… ${groupThousands(text.length - maxChars)} characters left out to fit the context window …]\n`;
  const keep = Math.max(0, maxChars - marker.length);
  const front = Math.ceil(keep * 0.6);
  return `${text.slice(0, front)}${marker}${text.slice(text.length - (keep - front))}`;
}
