/**
 * Folds the Messages API's raw stream events into our assistant Message, one event at
 * a time, so the client can hand out a fresh snapshot after every delta.
 *
 * Text, tool calls, thinking (signed or redacted), the server tools' blocks (web search,
 * web fetch, code execution) and the MCP connector's (the API ran an MCP server's tool)
 * are kept; block kinds we do not model are skipped.
 */
import type { RawMessageStreamEvent, TextCitation } from '@anthropic-ai/sdk/resources/messages/messages';
import type { Citation, ContentBlock, Message, StopReason, Usage } from '../core/types/message';

type Slot =
  | { type: 'text'; text: string; citations: Citation[] }
  | {
      type: 'tool_use' | 'server_tool_use' | 'mcp_tool_use';
      id: string;
      name: string;
      /** For the connector's calls: the server the API called. */
      serverName?: string;
      json: string;
      input: unknown;
      done: boolean;
    }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'whole'; block: ContentBlock };

export class StreamAccumulator {
  /** Slots by the API's block index; undefined for block types we skip. */
  private readonly slots: Array<Slot | undefined> = [];
  private usage: Usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  private stopReason: StopReason | undefined;
  private refusal: Message['refusal'];
  private container: Message['container'];
  private model: string;
  /** message_start has arrived: the reply is under way. */
  started = false;
  /** message_stop has arrived: the reply is complete. */
  finished = false;
  /** When the first thinking block began, and how long thinking took once it ended. */
  private thinkingStart: number | undefined;
  private thinkingMs: number | undefined;

  constructor(
    requestedModel: string,
    private readonly now: () => number = Date.now,
  ) {
    this.model = requestedModel;
  }

  /** Applies one event; true when the visible message changed. */
  apply(event: RawMessageStreamEvent): boolean {
    switch (event.type) {
      case 'message_start': {
        this.started = true;
        const { usage, model } = event.message;
        if (model) this.model = model;
        this.usage = {
          input: usage.input_tokens,
          output: usage.output_tokens,
          cacheRead: usage.cache_read_input_tokens ?? 0,
          cacheWrite: usage.cache_creation_input_tokens ?? 0,
        };
        return true;
      }
      case 'content_block_start': {
        const block = event.content_block;
        if (block.type === 'text') {
          this.slots[event.index] = {
            type: 'text',
            text: block.text,
            citations: (block.citations ?? []).map(toCitation),
          };
          return true;
        }
        if (block.type === 'tool_use' || block.type === 'server_tool_use') {
          this.slots[event.index] = {
            type: block.type,
            id: block.id,
            name: block.name,
            json: '',
            input: {},
            done: false,
          };
          return true;
        }
        if (block.type === 'thinking') {
          this.thinkingStart ??= this.now();
          this.slots[event.index] = {
            type: 'thinking',
            thinking: block.thinking,
            signature: block.signature,
          };
          return true;
        }
        if (block.type === 'redacted_thinking') {
          this.thinkingStart ??= this.now();
          this.slots[event.index] = whole({ type: 'redacted_thinking', data: block.data });
          return true;
        }
        // A server tool's result arrives whole; kept as received (without the response-only
        // `caller`), to be shown and sent back unchanged.
        if (
          block.type === 'web_search_tool_result' ||
          block.type === 'web_fetch_tool_result' ||
          block.type === 'code_execution_tool_result' ||
          block.type === 'bash_code_execution_tool_result' ||
          block.type === 'text_editor_code_execution_tool_result'
        ) {
          const { type, tool_use_id, content } = block;
          this.slots[event.index] = { type: 'whole', block: { type, tool_use_id, content } };
          return true;
        }
        return this.startConnectorBlock(event.index, block as unknown as Record<string, unknown>);
      }
      case 'content_block_delta': {
        const slot = this.slots[event.index];
        const delta = event.delta;
        if (slot?.type === 'text' && delta.type === 'text_delta') {
          slot.text += delta.text;
          return true;
        }
        if (slot?.type === 'text' && delta.type === 'citations_delta') {
          slot.citations.push(toCitation(delta.citation));
          return true;
        }
        if (
          (slot?.type === 'tool_use' || slot?.type === 'server_tool_use' || slot?.type === 'mcp_tool_use') &&
          delta.type === 'input_json_delta'
        ) {
          slot.json += delta.partial_json;
          return true;
        }
        if (slot?.type === 'thinking' && delta.type === 'thinking_delta') {
          slot.thinking += delta.thinking;
          return true;
        }
        if (slot?.type === 'thinking' && delta.type === 'signature_delta') {
          slot.signature += delta.signature;
          return true;
        }
        return false;
      }
      case 'content_block_stop': {
        const slot = this.slots[event.index];
        if (
          slot?.type === 'thinking' ||
          (slot?.type === 'whole' && slot.block.type === 'redacted_thinking')
        ) {
          // Thinking may come in several blocks (between tool calls): the time runs to the last.
          if (this.thinkingStart !== undefined) this.thinkingMs = this.now() - this.thinkingStart;
          return true;
        }
        if (slot?.type !== 'tool_use' && slot?.type !== 'server_tool_use' && slot?.type !== 'mcp_tool_use')
          return false;
        slot.done = true;
        // A connector call may come with its input whole and no deltas.
        slot.input =
          slot.type === 'mcp_tool_use' && slot.json === '' ? slot.input : parseToolInput(slot.json);
        return true;
      }
      case 'message_delta': {
        // message_delta carries cumulative counts; null means "unchanged".
        const { usage } = event;
        this.usage = {
          input: usage.input_tokens ?? this.usage.input,
          output: usage.output_tokens,
          cacheRead: usage.cache_read_input_tokens ?? this.usage.cacheRead,
          cacheWrite: usage.cache_creation_input_tokens ?? this.usage.cacheWrite,
        };
        // Every API stop reason is one of ours, model_context_window_exceeded included.
        if (event.delta.stop_reason) this.stopReason = event.delta.stop_reason;
        // The code execution container the reply ran in: null when none.
        const container = event.delta.container;
        if (container) this.container = { id: container.id, expiresAt: container.expires_at };
        const details = event.delta.stop_details;
        if (details?.type === 'refusal') {
          this.refusal = {
            ...(details.category && { category: details.category }),
            ...(details.explanation && { explanation: details.explanation }),
          };
        }
        return true;
      }
      case 'message_stop':
        this.finished = true;
        return false;
      default:
        return false;
    }
  }

  /**
   * The MCP connector's blocks (types the non-beta SDK does not list): a call, whose input
   * may stream as input_json_delta like any call's, and its result, whole.
   */
  private startConnectorBlock(index: number, block: Record<string, unknown>): boolean {
    if (block.type === 'mcp_tool_use' && typeof block.id === 'string' && typeof block.name === 'string') {
      const given = block.input;
      this.slots[index] = {
        type: 'mcp_tool_use',
        id: block.id,
        name: block.name,
        serverName: typeof block.server_name === 'string' ? block.server_name : '',
        json: '',
        input: typeof given === 'object' && given !== null && !Array.isArray(given) ? given : {},
        done: false,
      };
      return true;
    }
    if (block.type === 'mcp_tool_result' && typeof block.tool_use_id === 'string') {
      this.slots[index] = whole({
        type: 'mcp_tool_result',
        tool_use_id: block.tool_use_id,
        content: block.content,
        ...(block.is_error === true && { is_error: true }),
      });
      return true;
    }
    return false;
  }

  /** A fresh Message (new objects throughout) so consumers may keep it. */
  snapshot(stopReason: StopReason = this.finished ? (this.stopReason ?? 'end_turn') : 'streaming'): Message {
    const content: ContentBlock[] = [];
    for (const slot of this.slots) {
      if (slot === undefined) continue;
      if (slot.type === 'text') {
        content.push(
          slot.citations.length > 0
            ? { type: 'text', text: slot.text, citations: slot.citations.map((c) => ({ ...c })) }
            : { type: 'text', text: slot.text },
        );
      } else if (slot.type === 'thinking') {
        // Unsigned (cut off before its signature) it is still shown; the request builder
        // leaves it out, as the API would refuse it.
        content.push({ type: 'thinking', thinking: slot.thinking, signature: slot.signature });
      } else if (slot.type === 'whole') {
        // Arrived whole and never changes (frozen): shared, not copied on every delta.
        content.push(slot.block);
      } else if (!slot.done) {
        // While streaming, a call whose arguments are still arriving shows with empty
        // input. In a final message (aborted, failed) it is left out: its arguments are
        // incomplete, so running it or sending it back would both be wrong.
        if (stopReason === 'streaming') content.push(callBlock(slot, {}));
      } else if (slot.input !== INVALID_INPUT) {
        content.push(callBlock(slot, slot.input));
      }
      // Likewise a finished call whose arguments are not JSON (cut off by max_tokens).
    }
    const message: Message = {
      role: 'assistant',
      content,
      usage: { ...this.usage },
      stopReason,
      model: this.model,
    };
    if (stopReason === 'refusal') message.refusal = { ...this.refusal };
    if (this.container) message.container = { ...this.container };
    // While thinking is still under way the UI counts the time itself.
    if (this.thinkingMs !== undefined) message.thinkingMs = this.thinkingMs;
    return message;
  }
}

type CallSlot = Extract<Slot, { json: string }>;

function callBlock(slot: CallSlot, input: unknown): ContentBlock {
  return slot.type === 'mcp_tool_use'
    ? { type: 'mcp_tool_use', id: slot.id, name: slot.name, server_name: slot.serverName ?? '', input }
    : { type: slot.type, id: slot.id, name: slot.name, input };
}

function whole(block: ContentBlock): Slot {
  return { type: 'whole', block: Object.freeze(block) };
}

const INVALID_INPUT = Symbol('invalid tool input');

function parseToolInput(json: string): unknown {
  // A tool called without arguments streams no input_json_delta at all.
  if (json.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : INVALID_INPUT;
  } catch {
    return INVALID_INPUT;
  }
}

/** The fields a reader can use, from any of the API's citation kinds. */
function toCitation(raw: TextCitation): Citation {
  const citation: Citation = {};
  const fields = raw as { url?: unknown; title?: unknown; document_title?: unknown; cited_text?: unknown };
  if (typeof fields.url === 'string') citation.url = fields.url;
  const title = typeof fields.title === 'string' ? fields.title : fields.document_title;
  if (typeof title === 'string') citation.title = title;
  if (typeof fields.cited_text === 'string') citation.citedText = fields.cited_text;
  return citation;
}
