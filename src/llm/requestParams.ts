/**
 * Turns the agent's ModelRequest into the body of a streaming Messages API call.
 * The only place that knows the wire shape of a request.
 */
import type {
  Base64ImageSource,
  CodeExecutionTool20250825,
  ContentBlockParam,
  MessageCountTokensParams,
  MessageCreateParamsStreaming,
  ThinkingConfigParam,
  ToolUnion,
  WebFetchTool20250910,
  WebSearchTool20250305,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { ModelRequest, TokenCountRequest } from '../core/agent/types';
import { missingAttachmentNote, textFileBlock } from '../core/attachments/attachmentText';
import type { AttachmentPayload } from '../core/attachments/attachmentTypes';
import { type ThinkingRequest, withThinkingBudget } from '../core/models/thinking';
import type { ApiContentBlock, ApiMessage, ToolDefinition } from '../core/types/agentMessage';
import type { AttachmentBlock } from '../core/types/attachment';
import { inlineText } from '../core/untrusted/inlineText';

/** The API's web search, run on its side; a few searches a turn keep a reply's cost bounded. */
export const WEB_SEARCH_TOOL: WebSearchTool20250305 = {
  type: 'web_search_20250305',
  name: 'web_search',
  max_uses: 5,
};

/** The API's web fetch (beta), run on its side; a few fetches a turn keep a reply's cost bounded. */
export const WEB_FETCH_TOOL: WebFetchTool20250910 = {
  type: 'web_fetch_20250910',
  name: 'web_fetch',
  max_uses: 5,
};

/** The API's code execution (beta): a sandbox where the model runs shell commands and edits files. */
export const CODE_EXECUTION_TOOL: CodeExecutionTool20250825 = {
  type: 'code_execution_20250825',
  name: 'code_execution',
};

/** The beta header values the two tools need, in the order they are joined. */
export const WEB_FETCH_BETA = 'web-fetch-2025-09-10';
export const CODE_EXECUTION_BETA = 'code-execution-2025-08-25';
/** The MCP connector's beta: `mcp_servers` with one `mcp_toolset` tool entry per server. */
export const MCP_CONNECTOR_BETA = 'mcp-client-2025-11-20';

/** The request body's `mcp_servers` entry (the non-beta SDK types do not list the parameter). */
interface McpServerParam {
  type: 'url';
  url: string;
  name: string;
  authorization_token?: string;
}

/**
 * The `anthropic-beta` header a request needs, or none: a beta tool declared, or the blocks
 * of one sent back (the API reads those only under the tool's beta, so turning the switch
 * off mid-conversation must not make the earlier turns unreadable). Several betas are one
 * header, comma-separated.
 */
export function betaHeaders(
  request: Pick<ModelRequest, 'webFetch' | 'codeExecution' | 'mcpServers' | 'messages'>,
): Record<string, string> | undefined {
  let fetch = request.webFetch === true;
  let code = request.codeExecution === true;
  let mcp = (request.mcpServers?.length ?? 0) > 0;
  for (const message of request.messages) {
    for (const block of message.content) {
      const kind = block.type === 'server_tool_use' ? block.name : block.type;
      if (kind.startsWith('web_fetch')) fetch = true;
      else if (kind.includes('code_execution')) code = true;
      else if (kind === 'mcp_tool_use' || kind === 'mcp_tool_result') mcp = true;
    }
  }
  const betas = [
    ...(fetch ? [WEB_FETCH_BETA] : []),
    ...(code ? [CODE_EXECUTION_BETA] : []),
    ...(mcp ? [MCP_CONNECTOR_BETA] : []),
  ];
  return betas.length > 0 ? { 'anthropic-beta': betas.join(',') } : undefined;
}

/** The streaming request's body; `mcp_servers` is the connector's (a beta parameter the non-beta SDK types lack). */
export type MessageParams = MessageCreateParamsStreaming & { mcp_servers?: McpServerParam[] };

export function toMessageParams(request: ModelRequest): MessageParams {
  const { maxTokens, thinking } = withThinkingBudget(request.model, request.maxTokens, request.thinking);
  const params: MessageCreateParamsStreaming = {
    model: request.model,
    max_tokens: maxTokens,
    messages: withCacheBreakpoints(toMessages(request.messages, request.attachments)),
    stream: true,
  };
  // The API rejects an empty system text block; no system prompt means none at all.
  if (request.system.trim() !== '') params.system = request.system;
  const tools = toTools(request);
  // tool_choice is only valid alongside tools. With tools present it is always sent. Note
  // that a tool_choice other than the previous request's makes the API drop its cache of
  // the conversation (the handoff's document turn keeps `auto` for that reason).
  if (tools.length > 0) {
    params.tools = tools;
    params.tool_choice = { type: request.toolChoice };
  }
  if (thinking) params.thinking = toThinkingParam(thinking);
  if (thinking?.type === 'adaptive' && thinking.effort) params.output_config = { effort: thinking.effort };
  // The container an earlier reply's code ran in: its files are still there for this one.
  if (request.container !== undefined && request.codeExecution) params.container = request.container;
  const servers = mcpServerParams(request);
  return servers ? { ...params, mcp_servers: servers } : params;
}

/** The connector's servers as the body's `mcp_servers`; none when the user set up none for the API. */
function mcpServerParams(request: Pick<ModelRequest, 'mcpServers'>): McpServerParam[] | undefined {
  if (!request.mcpServers || request.mcpServers.length === 0) return undefined;
  return request.mcpServers.map((server) => ({
    type: 'url',
    url: server.url,
    name: server.name,
    ...(server.authorizationToken !== undefined && { authorization_token: server.authorizationToken }),
  }));
}

/** The same request as toMessageParams would send, for count_tokens (no max_tokens, no stream). */
export function toCountTokensParams(request: TokenCountRequest): MessageCountTokensParams {
  const params: MessageCountTokensParams = {
    model: request.model,
    messages: toMessages(request.messages, request.attachments),
  };
  if (request.system.trim() !== '') params.system = request.system;
  const tools = toTools(request);
  if (tools.length > 0) params.tools = tools;
  const { thinking } = withThinkingBudget(request.model, DEFAULT_COUNT_MAX_TOKENS, request.thinking);
  if (thinking) params.thinking = toThinkingParam(thinking);
  return params;
}

/** count_tokens has no max_tokens; a budget is checked against this stand-in only. */
const DEFAULT_COUNT_MAX_TOKENS = 32_000;

function toTools(
  request: Pick<ModelRequest, 'tools' | 'webSearch' | 'webFetch' | 'codeExecution' | 'mcpServers'>,
): ToolUnion[] {
  const tools: ToolUnion[] = request.tools.map(toTool);
  if (request.webSearch) tools.push(WEB_SEARCH_TOOL);
  if (request.webFetch) tools.push(WEB_FETCH_TOOL);
  if (request.codeExecution) tools.push(CODE_EXECUTION_TOOL);
  // Each connector server's tools, all of them, under its name (a beta tool entry the
  // non-beta SDK types do not list).
  for (const server of request.mcpServers ?? [])
    tools.push({ type: 'mcp_toolset', mcp_server_name: server.name } as unknown as ToolUnion);
  return tools;
}

function toThinkingParam(thinking: ThinkingRequest): ThinkingConfigParam {
  switch (thinking.type) {
    case 'enabled':
      return { type: 'enabled', budget_tokens: thinking.budgetTokens };
    case 'adaptive':
      return { type: 'adaptive' };
    case 'disabled':
      return { type: 'disabled' };
    case 'between_tools':
      return { type: 'between_tools' };
  }
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

/** The image types the API takes; attachments were checked against them when added. */
type ImageMediaType = Base64ImageSource['media_type'];

/** A turn as toMessages builds it: only the two roles, only block content. */
type WireMessage = { role: 'user' | 'assistant'; content: ContentBlockParam[] };

function toMessages(
  messages: ApiMessage[],
  attachments: ReadonlyMap<string, AttachmentPayload> = new Map(),
): WireMessage[] {
  const out: WireMessage[] = [];
  for (const message of messages) {
    // An empty text block (say, from a reply stopped before its first word) makes the
    // API refuse the whole request, so it is left out; a turn left empty goes too.
    // Consecutive turns of one role are fine: the API joins them.
    // Likewise a thinking block cut off before its signature: the API checks every one.
    const content = message.content.filter(
      (block) =>
        !(block.type === 'text' && block.text === '') && !(block.type === 'thinking' && !block.signature),
    );
    if (content.length === 0) continue;
    out.push({
      role: message.role,
      content: content.map((block) =>
        block.type === 'attachment' ? attachmentParam(block, attachments) : toBlockParam(block),
      ),
    });
  }
  return out;
}

/**
 * An attachment as the API takes it: an image block, a PDF document block (titled with
 * its file name), or a text file as a text block under its name. Bytes the device no
 * longer has go as a one-line note, so the request stays valid and the model knows.
 */
function attachmentParam(
  block: AttachmentBlock,
  attachments: ReadonlyMap<string, AttachmentPayload>,
): ContentBlockParam {
  const { id, name } = block.attachment;
  const payload = attachments.get(id);
  if (!payload) return { type: 'text', text: missingAttachmentNote(name) };
  switch (payload.kind) {
    case 'image':
      return {
        type: 'image',
        source: { type: 'base64', media_type: payload.mediaType as ImageMediaType, data: payload.base64 },
      };
    case 'pdf':
      return {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: payload.base64 },
        // The model reads the title too: it must not pass for a wrapper tag.
        title: inlineText(name),
      };
    case 'text':
      return { type: 'text', text: textFileBlock(name, payload.text) };
  }
}

function toBlockParam(block: Exclude<ApiContentBlock, AttachmentBlock>): ContentBlockParam {
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
    // Thinking goes back exactly as it came: the API checks the signature over its text.
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    // Server tool blocks are the API's own; they go back as received (the SDK's types
    // list only the tool names it knows, hence the casts).
    case 'server_tool_use':
      return {
        type: 'server_tool_use',
        id: block.id,
        name: block.name,
        input: block.input,
      } as ContentBlockParam;
    case 'web_search_tool_result':
    case 'web_fetch_tool_result':
    case 'code_execution_tool_result':
    case 'bash_code_execution_tool_result':
    case 'text_editor_code_execution_tool_result':
      return {
        type: block.type,
        tool_use_id: block.tool_use_id,
        content: block.content,
      } as ContentBlockParam;
    // The MCP connector's blocks are the API's own too: back as received.
    case 'mcp_tool_use':
      return {
        type: 'mcp_tool_use',
        id: block.id,
        name: block.name,
        server_name: block.server_name,
        input: block.input,
      } as unknown as ContentBlockParam;
    case 'mcp_tool_result':
      return {
        type: 'mcp_tool_result',
        tool_use_id: block.tool_use_id,
        content: block.content,
        ...(block.is_error === true && { is_error: true }),
      } as unknown as ContentBlockParam;
  }
}

/**
 * The API's own client tools (text editor, memory) go as type and name alone: their schema
 * is built into the model, and they take no description. The cast: the SDK types their
 * names as literals, which the definition carries as a plain string.
 */
function toTool(tool: ToolDefinition): ToolUnion {
  if (tool.type) {
    const { type, name, max_characters } = tool;
    return (max_characters ? { type, name, max_characters } : { type, name }) as ToolUnion;
  }
  return { name: tool.name, description: tool.description, input_schema: tool.input_schema };
}
