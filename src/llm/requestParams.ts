/**
 * Turns the agent's ModelRequest into the body of a streaming Messages API call.
 * The only place that knows the wire shape of a request.
 */
import type {
  ContentBlockParam,
  MessageCountTokensParams,
  MessageCreateParamsStreaming,
  Tool,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type {
  ApiContentBlock,
  ApiMessage,
  ModelRequest,
  TokenCountRequest,
  ToolDefinition,
} from '../core/agent/types';

export function toMessageParams(request: ModelRequest): MessageCreateParamsStreaming {
  const params: MessageCreateParamsStreaming = {
    model: request.model,
    max_tokens: request.maxTokens,
    messages: withCacheBreakpoints(toMessages(request.messages)),
    stream: true,
  };
  // The API rejects an empty system text block; no system prompt means none at all.
  if (request.system.trim() !== '') params.system = request.system;
  // tool_choice is only valid alongside tools. With tools present, 'none' is still sent
  // explicitly: the tool definitions stay in the request (so a prompt-cache prefix keeps
  // matching) while this one turn may not call them.
  if (request.tools.length > 0) {
    params.tools = request.tools.map(toTool);
    params.tool_choice = { type: request.toolChoice };
  }
  return params;
}

/** The same request as toMessageParams would send, for count_tokens (no max_tokens, no stream). */
export function toCountTokensParams(request: TokenCountRequest): MessageCountTokensParams {
  const params: MessageCountTokensParams = { model: request.model, messages: toMessages(request.messages) };
  if (request.system.trim() !== '') params.system = request.system;
  if (request.tools.length > 0) params.tools = request.tools.map(toTool);
  return params;
}

/**
 * Prompt caching. The API caches a request's prefix (tools, system, turns) up to each
 * block marked with cache_control, and a later request whose marked prefix is the same
 * reads it back. Two breakpoints of the four allowed:
 * - on the last block sent, which writes this whole request to the cache;
 * - on the last block of the user turn before the newest reply, which is where the
 *   previous request ended (a new message, a tool loop's next step, a paused turn sent
 *   back, the handoff's instruction): this request reads that prefix back.
 * A prefix shorter than the model's minimum is simply not cached.
 */
export const CACHE_BREAKPOINT = { type: 'ephemeral' } as const;

/** The API's limit on cache_control blocks in one request. */
export const MAX_CACHE_BREAKPOINTS = 4;

export function cacheBreakpointTurns(messages: readonly Pick<WireMessage, 'role'>[]): number[] {
  const last = messages.length - 1;
  if (last < 0) return [];
  let reply = last;
  while (reply >= 0 && messages[reply]?.role !== 'assistant') reply -= 1;
  let previous = reply - 1;
  while (previous >= 0 && messages[previous]?.role !== 'user') previous -= 1;
  return previous >= 0 ? [previous, last] : [last];
}

function withCacheBreakpoints(messages: WireMessage[]): WireMessage[] {
  const marked = [...messages];
  for (const index of cacheBreakpointTurns(messages)) {
    const turn = marked[index];
    const final = turn?.content.at(-1);
    // Thinking blocks take no cache_control (and never end a turn the API sent whole).
    if (!turn || !final || final.type === 'thinking' || final.type === 'redacted_thinking') continue;
    const block = { ...final, cache_control: CACHE_BREAKPOINT } as ContentBlockParam;
    marked[index] = { role: turn.role, content: [...turn.content.slice(0, -1), block] };
  }
  return marked;
}

/** A turn as toMessages builds it: only the two roles, only block content. */
type WireMessage = { role: 'user' | 'assistant'; content: ContentBlockParam[] };

function toMessages(messages: ApiMessage[]): WireMessage[] {
  const out: WireMessage[] = [];
  for (const message of messages) {
    // An empty text block (say, from a reply stopped before its first word) makes the
    // API refuse the whole request, so it is left out; a turn left empty goes too.
    // Consecutive turns of one role are fine: the API joins them.
    const content = message.content.filter((block) => block.type !== 'text' || block.text !== '');
    if (content.length === 0) continue;
    out.push({ role: message.role, content: content.map(toBlockParam) });
  }
  return out;
}

function toBlockParam(block: ApiContentBlock): ContentBlockParam {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: block.tool_use_id,
        content: block.content,
        ...(block.is_error ? { is_error: true } : {}),
      };
  }
}

function toTool(tool: ToolDefinition): Tool {
  return { name: tool.name, description: tool.description, input_schema: tool.input_schema };
}
