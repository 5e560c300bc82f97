/**
 * The model port that src/llm implements: the request the agent sends and the errors
 * it may end in (the messages themselves are in core/types). No SDK types leak in here, so
 * core tests can drive the agent with any ModelClient.
 */
import type { AttachmentPayload } from '../attachments/attachmentTypes';
import type { ThinkingRequest } from '../models/thinking';
import type { ApiMessage, ToolChoice, ToolDefinition } from '../types/agentMessage';
import type { ContextOverflow } from '../types/contextOverflow';
import type { Message } from '../types/message';

export interface ModelRequest {
  model: string;
  system: string;
  messages: ApiMessage[];
  tools: ToolDefinition[];
  toolChoice: ToolChoice;
  maxTokens: number;
  signal: AbortSignal;
  /** Extended thinking as the model takes it; undefined sends nothing. */
  thinking?: ThinkingRequest;
  /** Declare the API's own web search tool. */
  webSearch?: boolean;
  /** Declare the API's web fetch tool (a beta: its header goes with it). */
  webFetch?: boolean;
  /** Declare the API's code execution tool (a beta: its header goes with it). */
  codeExecution?: boolean;
  /** The code execution container to run in again (an earlier reply's, not yet expired). */
  container?: string;
  /** MCP servers the API connects to itself (the MCP connector, a beta: its header goes with it). */
  mcpServers?: readonly McpConnectorServer[];
  /**
   * The bytes (base64) or text of every attachment the messages refer to, read just
   * before the request; one missing is sent as a one-line note in its place.
   */
  attachments?: ReadonlyMap<string, AttachmentPayload>;
}

/**
 * The model port. `stream` calls `onPartial` with the growing assistant message
 * (a fresh object each time) and resolves with the final one. When `signal` fires
 * it resolves with the partial message and stopReason `aborted`; every other failure
 * rejects with a ModelError.
 */
export interface ModelClient {
  readonly label: string;
  stream(request: ModelRequest, onPartial: (message: Message) => void): Promise<Message>;
  /**
   * The input tokens `request` would use, as the API counts them (count_tokens). Not
   * every client or gateway has it; callers fall back to an estimate when it is
   * missing or rejects.
   */
  countTokens?(request: TokenCountRequest): Promise<number>;
}

/** An MCP server the API is to connect to and run the tools of, as the user set it up. */
export interface McpConnectorServer {
  /** As the user named it: how the model and the API's blocks name the server. */
  name: string;
  /** https only (the API's rule). */
  url: string;
  /** Sent to the API, which sends it to the server: the user is told so. */
  authorizationToken?: string;
}

export type TokenCountRequest = Pick<ModelRequest, 'model' | 'system' | 'messages' | 'tools' | 'signal'> &
  Partial<Pick<ModelRequest, 'thinking' | 'webSearch' | 'webFetch' | 'codeExecution' | 'attachments'>>;

export type ModelErrorKind =
  | 'auth'
  | 'permission'
  | 'cors_forbidden'
  | 'model_not_found'
  | 'rate_limited'
  | 'overloaded'
  | 'server'
  | 'bad_request'
  /** An answer that is not the API's own: a proxy, gateway or firewall in between. */
  | 'gateway'
  /** The request is longer than the model's window (400 prompt too long, 413). */
  | 'context_overflow'
  | 'network'
  /** The page's Content-Security-Policy (connect-src) refused the request to the base URL. */
  | 'blocked_by_policy'
  | 'connection_dropped'
  | 'timeout'
  /** The reply stream went silent after its headers, for longer than the idle timeout. */
  | 'stream_idle'
  /** A 200 whose body is a web page or JSON, not an event stream. */
  | 'not_a_stream'
  /** An event in the stream could not be read (not JSON, or not of the API's shape). */
  | 'malformed_stream'
  | 'transport_abort'
  | 'unknown';

/** A model failure with a sentence fit to show the user as it is. */
export class ModelError extends Error {
  override readonly name = 'ModelError';
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly status?: number,
    /** What had streamed before the failure, if anything. */
    readonly partial?: Message,
    /** For `context_overflow`: the sizes the API named, when it did. */
    readonly overflow?: ContextOverflow,
  ) {
    super(message);
  }
}
