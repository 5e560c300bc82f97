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

export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: unknown };
}

export type ToolChoice = 'auto' | 'none';
