/**
 * Turns the agent's ModelRequest into the body of a streaming Messages API call.
 * The only place that knows the wire shape of a request.
 */
import type {
  ContentBlockParam,
  MessageCountTokensParams,
  MessageCreateParamsStreaming,
  MessageParam,
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
    messages: toMessages(request.messages),
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

function toMessages(messages: ApiMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
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
