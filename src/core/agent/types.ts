/**
 * The agent's vocabulary: the messages it keeps in its context, the wire shape it
 * sends, and the model port that src/llm implements. No SDK types leak in here, so
 * core tests can drive the agent with any ModelClient.
 */
import type { AttachmentPayload } from '../attachments/attachmentTypes';
import type { ContextOverflow } from '../context/lengthRefusal';
import type { ThinkingRequest } from '../models/thinking';
import type { ContentBlock, Message } from '../session/types';

/** Context that is not a conversation turn of its own: a handoff document, a todo reminder. */
export interface CustomContextMessage {
  role: 'custom';
  customType: string;
  content: string;
  display: boolean;
  details?: unknown;
}

/** What the agent holds in its context: conversation messages plus custom context. */
export type AgentMessage = Message | CustomContextMessage;

/** The newest reply in a context: what says whether the conversation still fits. */
export function newestReply(messages: readonly AgentMessage[]): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'assistant') return message;
  }
  return undefined;
}

/** A content block as the Messages API accepts it in a request: every kind we store. */
export type ApiContentBlock = ContentBlock;

/** One turn of a Messages API request. */
export interface ApiMessage {
  role: 'user' | 'assistant';
  content: ApiContentBlock[];
}

export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: unknown };
}

export type ToolChoice = 'auto' | 'none';

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

export type TokenCountRequest = Pick<ModelRequest, 'model' | 'system' | 'messages' | 'tools' | 'signal'> &
  Partial<Pick<ModelRequest, 'thinking' | 'webSearch' | 'attachments'>>;

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

export interface ToolExecutionResult {
  content: string;
  isError?: boolean;
  /**
   * The run ends with this answer: the model is not asked again. For a tool whose answer
   * hands control back to the user (the handoff the user accepted starts next, and needs
   * the session idle); the result is still stored, so the transcript stays well formed.
   */
  endsRun?: boolean;
}

export interface AgentTool {
  definition: ToolDefinition;
  execute(input: unknown, signal: AbortSignal): Promise<ToolExecutionResult> | ToolExecutionResult;
}
