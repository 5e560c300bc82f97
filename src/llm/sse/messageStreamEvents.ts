/**
 * Builds the exact event sequence the Messages API streams for one reply, so that the
 * offline demo model (in the browser) and the e2e mock server (in Node) speak the same
 * wire protocol as the real API and the real SDK parser can consume both.
 *
 * Pure TypeScript: no Node or DOM APIs. SDK types are imported as types only, so the
 * shapes are checked against the SDK at compile time and nothing lands in the bundle.
 */
import type {
  BashCodeExecutionToolResultBlock,
  CodeExecutionToolResultBlock,
  ContentBlock,
  Message,
  MessageDeltaUsage,
  RawContentBlockDelta,
  RawMessageStreamEvent,
  RefusalStopDetails,
  StopReason,
  TextEditorCodeExecutionToolResultBlock,
  Usage,
  WebFetchToolResultBlock,
} from '@anthropic-ai/sdk/resources/messages/messages';

/** A server tool's result other than web search's, as the API streams it (whole, no `caller`). */
export type ScriptedServerResult =
  | Omit<WebFetchToolResultBlock, 'caller'>
  | CodeExecutionToolResultBlock
  | BashCodeExecutionToolResultBlock
  | TextEditorCodeExecutionToolResultBlock;

export type ScriptedBlock =
  | {
      type: 'text';
      text: string;
      /** Web search results the text cites: sent as citations_delta events before its text. */
      webCitations?: Array<{ url: string; title: string | null; cited_text: string }>;
    }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  /** Streamed as thinking_delta events, then one signature_delta. */
  | { type: 'thinking'; thinking: string; signature: string }
  /** Arrives whole in content_block_start, as the API sends it. */
  | { type: 'redacted_thinking'; data: string }
  /** A server tool call (web search, web fetch, code execution): its input streams as input_json_delta. */
  | {
      type: 'server_tool_use';
      id: string;
      name:
        | 'web_search'
        | 'web_fetch'
        | 'code_execution'
        | 'bash_code_execution'
        | 'text_editor_code_execution';
      input: unknown;
    }
  /** Web fetch's or code execution's result: arrives whole in content_block_start. */
  | ScriptedServerResult
  /** The MCP connector's call (the API runs an MCP server's tool): its input streams as input_json_delta. */
  | { type: 'mcp_tool_use'; id: string; name: string; server_name: string; input: unknown }
  /** The connector call's result: arrives whole in content_block_start. */
  | {
      type: 'mcp_tool_result';
      tool_use_id: string;
      is_error: boolean;
      content: string | Array<{ type: 'text'; text: string }>;
    }
  /** The server tool's result: arrives whole in content_block_start. */
  | {
      type: 'web_search_tool_result';
      tool_use_id: string;
      content: Array<{
        type: 'web_search_result';
        url: string;
        title: string;
        encrypted_content: string;
        page_age: string | null;
      }>;
    };

export interface ScriptedUsage {
  input_tokens: number;
  /** Left out: about one token per 4 characters of the reply, as when no usage is given. */
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

export interface ScriptedReply {
  /** Defaults to an id derived from model and blocks, so runs are reproducible. */
  id?: string;
  model: string;
  blocks: ScriptedBlock[];
  /** Defaults to `tool_use` when a tool_use block is present, else `end_turn`. */
  stopReason?:
    | 'end_turn'
    | 'tool_use'
    | 'max_tokens'
    | 'model_context_window_exceeded'
    | 'refusal'
    | 'pause_turn';
  /** With stopReason `refusal`: why, as the API says it in message_delta's stop_details. */
  refusal?: { category?: RefusalStopDetails['category']; explanation?: string };
  /** Defaults to 1 input token and about one output token per 4 characters. */
  usage?: ScriptedUsage;
  /** Characters per text or JSON delta. Defaults to a fixed cycle of sizes between 4 and 12. */
  chunkSize?: number;
  /** The code execution container the reply ran in, as message_delta names it. */
  container?: { id: string; expires_at: string };
}

export interface PingEvent {
  type: 'ping';
}

/** One SSE event: `event` is the SSE event name, `data` the JSON payload the API sends with it. */
export interface StreamEvent {
  event: RawMessageStreamEvent['type'] | 'ping';
  data: RawMessageStreamEvent | PingEvent;
}

export interface ApiErrorBody {
  type: 'error';
  error: { type: string; message: string };
  request_id?: string;
}

export function messageStreamEvents(reply: ScriptedReply): StreamEvent[] {
  const usage = resolveUsage(reply);
  const events: StreamEvent[] = [];
  const push = (data: RawMessageStreamEvent | PingEvent): void => {
    events.push({ event: data.type, data });
  };

  const start = emptyMessage(reply, usage);
  // The real API reports a token or so of output at the start and the total in message_delta.
  start.usage.output_tokens = Math.min(1, usage.output_tokens);
  push({ type: 'message_start', message: start });

  reply.blocks.forEach((block, index) => {
    const deltas = (texts: string[], delta: (part: string) => RawContentBlockDelta) => {
      for (const part of texts) push({ type: 'content_block_delta', index, delta: delta(part) });
    };
    push({ type: 'content_block_start', index, content_block: openingOf(block) });
    if (index === 0) push({ type: 'ping' }); // where the real API sends its first keep-alive
    switch (block.type) {
      case 'text':
        for (const citation of block.webCitations ?? []) {
          push({
            type: 'content_block_delta',
            index,
            delta: {
              type: 'citations_delta',
              citation: { type: 'web_search_result_location', encrypted_index: `enc-${index}`, ...citation },
            },
          });
        }
        deltas(chunks(block.text, reply.chunkSize, index), (text) => ({ type: 'text_delta', text }));
        break;
      case 'thinking':
        deltas(chunks(block.thinking, reply.chunkSize, index), (thinking) => ({
          type: 'thinking_delta',
          thinking,
        }));
        deltas([block.signature], (signature) => ({ type: 'signature_delta', signature }));
        break;
      case 'tool_use':
      case 'server_tool_use':
      case 'mcp_tool_use':
        deltas(chunks(inputJson(block.input), reply.chunkSize, index), (partial_json) => ({
          type: 'input_json_delta',
          partial_json,
        }));
        break;
      default:
        break; // whole in content_block_start: redacted thinking, server tools' results
    }
    push({ type: 'content_block_stop', index });
  });
  if (reply.blocks.length === 0) push({ type: 'ping' });

  const deltaUsage: MessageDeltaUsage = {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens,
    cache_read_input_tokens: usage.cache_read_input_tokens,
    output_tokens_details: null,
    server_tool_use: null,
  };
  push({
    type: 'message_delta',
    delta: {
      stop_reason: resolveStopReason(reply),
      stop_sequence: null,
      stop_details: reply.refusal
        ? {
            type: 'refusal',
            category: reply.refusal.category ?? null,
            explanation: reply.refusal.explanation ?? null,
          }
        : null,
      container: reply.container ? { ...reply.container, skills: null } : null,
    },
    usage: deltaUsage,
  });
  push({ type: 'message_stop' });
  return events;
}

/** What content_block_start carries for a block: empty where deltas follow, whole where none do. */
function openingOf(block: ScriptedBlock): ContentBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '', citations: null };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {}, caller: { type: 'direct' } };
    case 'server_tool_use':
      return {
        type: 'server_tool_use',
        id: block.id,
        name: block.name,
        input: {},
        caller: { type: 'direct' },
      } as ContentBlock;
    case 'web_search_tool_result':
      return {
        type: 'web_search_tool_result',
        tool_use_id: block.tool_use_id,
        content: block.content,
        caller: { type: 'direct' },
      } as ContentBlock;
    // The connector's blocks are beta types the non-beta SDK does not list.
    case 'mcp_tool_use':
      return { ...block, input: {} } as unknown as ContentBlock;
    case 'mcp_tool_result':
      return block as unknown as ContentBlock;
    default:
      // Web fetch's and code execution's results, whole; `caller` as the API adds it to web fetch's.
      return (
        block.type === 'web_fetch_tool_result' ? { ...block, caller: { type: 'direct' } } : block
      ) as ContentBlock;
  }
}

/** The complete Message a non-streaming request returns for the same reply. */
export function scriptedMessage(reply: ScriptedReply): Message {
  const message = emptyMessage(reply, resolveUsage(reply));
  message.stop_reason = resolveStopReason(reply);
  message.content = reply.blocks.map((block): ContentBlock => {
    switch (block.type) {
      case 'text':
        return { type: 'text', text: block.text, citations: null };
      case 'thinking':
        return { ...block };
      case 'tool_use':
      case 'server_tool_use':
      case 'mcp_tool_use':
        return { ...openingOf(block), input: JSON.parse(inputJson(block.input)) } as ContentBlock;
      default:
        return openingOf(block);
    }
  });
  return message;
}

export function formatSseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function errorBody(type: string, message: string, requestId?: string): ApiErrorBody {
  const body: ApiErrorBody = { type: 'error', error: { type, message } };
  if (requestId !== undefined) body.request_id = requestId;
  return body;
}

interface ResolvedUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

function resolveUsage(reply: ScriptedReply): ResolvedUsage {
  const given = reply.usage;
  const outputChars = reply.blocks.reduce((sum, block) => sum + outputLength(block), 0);
  return {
    input_tokens: given?.input_tokens ?? 1,
    output_tokens: given?.output_tokens ?? Math.max(1, Math.ceil(outputChars / 4)),
    cache_read_input_tokens: given?.cache_read_input_tokens ?? 0,
    cache_creation_input_tokens: given?.cache_creation_input_tokens ?? 0,
  };
}

/** The characters a block's output tokens are estimated from. */
export function outputLength(block: ScriptedBlock): number {
  switch (block.type) {
    case 'text':
      return block.text.length;
    case 'thinking':
      return block.thinking.length;
    case 'tool_use':
    case 'server_tool_use':
    case 'mcp_tool_use':
      return inputJson(block.input).length;
    default:
      return 0;
  }
}

function resolveStopReason(reply: ScriptedReply): StopReason {
  if (reply.stopReason) return reply.stopReason;
  return reply.blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
}

function emptyMessage(reply: ScriptedReply, usage: ResolvedUsage): Message {
  const messageUsage: Usage = {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens,
    cache_read_input_tokens: usage.cache_read_input_tokens,
    cache_creation: {
      ephemeral_5m_input_tokens: usage.cache_creation_input_tokens,
      ephemeral_1h_input_tokens: 0,
    },
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: 'standard',
    speed: null,
  };
  return {
    id: reply.id ?? defaultMessageId(reply),
    type: 'message',
    role: 'assistant',
    model: reply.model,
    content: [],
    container: null,
    diagnostics: null,
    stop_reason: null,
    stop_sequence: null,
    stop_details: null,
    usage: messageUsage,
  };
}

/** `JSON.stringify(undefined)` is not JSON; a tool call without input has the empty object. */
function inputJson(input: unknown): string {
  return JSON.stringify(input) ?? '{}';
}

/**
 * Splits text into deltas. Without a fixed size the sizes cycle through 4..12 (offset by
 * the block index) so chunk boundaries vary like the real API's, yet every run is the same.
 * A boundary never splits a UTF-16 surrogate pair: each delta stays a well-formed string.
 */
function chunks(text: string, chunkSize: number | undefined, seed: number): string[] {
  const out: string[] = [];
  let position = 0;
  let step = 0;
  while (position < text.length) {
    const size =
      chunkSize !== undefined && chunkSize > 0 ? Math.floor(chunkSize) || 1 : 4 + ((seed * 5 + step * 7) % 9);
    let end = Math.min(text.length, position + size);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
    out.push(text.slice(position, end));
    position = end;
    step += 1;
  }
  return out;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** FNV-1a over the reply's content: a stable id shaped like the API's `msg_...`. */
function defaultMessageId(reply: ScriptedReply): string {
  const source = `${reply.model}\u0000${JSON.stringify(reply.blocks)}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i += 1) {
    hash ^= source.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `msg_mock_${hash.toString(16).padStart(8, '0')}`;
}
