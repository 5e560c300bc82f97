/**
 * What the agent keeps in its context (conversation messages plus custom context) and
 * the wire shape of a Messages API request's turns and tools. No SDK types: src/llm
 * maps these to the SDK's.
 */
import type { ContentBlock, Message } from './message';

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

/** A tool Baton defines: the model reads its description and input schema. */
export interface CustomToolDefinition {
  type?: undefined;
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: unknown };
}

/** The client tools the API itself defines, by their current version (issue 26). */
export type ApiClientToolType = 'text_editor_20250728' | 'memory_20250818';

/**
 * A client tool the API defines (the text editor, the memory tool): declared by `type` and
 * its fixed `name` only, its schema built into the model. Baton still runs it. The
 * description is Baton's own, for its screens; it is not sent.
 */
export interface ApiClientToolDefinition {
  type: ApiClientToolType;
  name: string;
  description: string;
  input_schema?: undefined;
  /** The text editor's cap on a view's characters (text_editor_20250728 and later). */
  max_characters?: number;
}

export type ToolDefinition = CustomToolDefinition | ApiClientToolDefinition;

export type ToolChoice = 'auto' | 'none';
