/**
 * A conversation message and its content blocks, as Baton stores them and shows them.
 * Plain data only, so that every layer (core, storage, UI) can share it and it survives
 * structured cloning. Imports nothing outside this folder.
 */
import type { AttachmentBlock } from './attachment';
import type { ContextOverflow } from './contextOverflow';

export interface TextBlock {
  type: 'text';
  text: string;
  /** The sources this text rests on (web search, documents), as the API cited them. */
  citations?: Citation[];
}

/** One source a text block cites: what the reader can follow and what it says. */
export interface Citation {
  url?: string;
  title?: string;
  citedText?: string;
}

export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/** The image types a tool_result may carry (the four the API reads). */
export type ToolImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** One block of a tool_result's content, as the Messages API takes it. */
export type ToolResultContent =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: ToolImageMediaType; data: string } };

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  /** Text, or blocks when the result carries images (an MCP tool's screenshot, say). */
  content: string | ToolResultContent[];
  is_error?: boolean;
}

/**
 * The model's extended thinking, signed by the API. Sent back exactly as received (the
 * API checks the signature), so nothing else is ever added to the block.
 */
export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

/** Thinking the API encrypted; shown as a note, sent back as received. */
export interface RedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

/** A call of a tool the API runs itself (web search, web fetch, code execution); the app only shows and resends it. */
export interface ServerToolUseBlock {
  type: 'server_tool_use';
  id: string;
  name: string;
  input: unknown;
}

/**
 * What a web search returned: a list of results (title, url, encrypted content the
 * API needs back) or an error object. Kept as received, to send back unchanged.
 */
export interface WebSearchResultBlock {
  type: 'web_search_tool_result';
  tool_use_id: string;
  content: unknown;
}

/** The result block types of the server tools other than web search: web fetch and code execution. */
export type ServerToolResultType =
  | 'web_fetch_tool_result'
  | 'code_execution_tool_result'
  | 'bash_code_execution_tool_result'
  | 'text_editor_code_execution_tool_result';

/**
 * What web fetch or code execution returned (a fetched document, a command's output, a
 * file edit) or an error object. Kept as received, to send back unchanged; read for
 * display by core/session/serverTools.ts.
 */
export interface ServerToolResultBlock {
  type: ServerToolResultType;
  tool_use_id: string;
  content: unknown;
}

/**
 * A call of an MCP server's tool that the API made itself (the MCP connector, "Let the
 * API connect"): `name` is the server's own name for the tool. Shown, and sent back as received.
 */
export interface McpToolUseBlock {
  type: 'mcp_tool_use';
  id: string;
  name: string;
  server_name: string;
  input: unknown;
}

/** What that call returned, as the API relayed it: text, or text blocks. Sent back as received. */
export interface McpToolResultBlock {
  type: 'mcp_tool_result';
  tool_use_id: string;
  is_error?: boolean;
  content: unknown;
}

/** Blocks we do not model (other server tools) are kept as they came. */
export interface OtherBlock {
  type: string;
  [key: string]: unknown;
}

export type ContentBlock =
  | TextBlock
  | ToolUseBlock
  | ToolResultBlock
  | ThinkingBlock
  | RedactedThinkingBlock
  | ServerToolUseBlock
  | WebSearchResultBlock
  | ServerToolResultBlock
  | McpToolUseBlock
  | McpToolResultBlock
  /** A file the user attached; its bytes are in the attachments store. */
  | AttachmentBlock;

export type MessageRole = 'user' | 'assistant' | 'toolResult';

/**
 * Why an assistant message ended. The API's own reasons, plus ours:
 * `streaming` (still being written), `aborted` (the user stopped it),
 * `interrupted` (found still streaming after a reload or crash), `error`.
 */
export type StopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'refusal'
  /** The context window filled up while the reply was being written. */
  | 'model_context_window_exceeded'
  | 'streaming'
  | 'aborted'
  | 'interrupted'
  | 'error';

export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface Message {
  role: MessageRole;
  content: ContentBlock[];
  usage?: Usage;
  stopReason?: StopReason;
  model?: string;
  /** A clear sentence when stopReason is `error`. */
  errorMessage?: string;
  /** With stopReason `error`: the kind of failure (a ModelErrorKind), for what the reply offers (Open Settings). */
  errorKind?: string;
  /** The request was refused for length: the sizes the API named, for the meter. */
  contextOverflow?: ContextOverflow;
  /** With stopReason `refusal`: why the model declined, as far as the API said. */
  refusal?: { category?: string; explanation?: string };
  /** How long the model thought before it began to answer, in ms (for "Thought for 12 s"). */
  thinkingMs?: number;
  /**
   * The code execution container the reply ran in, as the API named it, and when it
   * expires (ISO time): the next request passes the id, so its files are still there.
   */
  container?: { id: string; expiresAt: string };
}
