/**
 * Short builders for session entries, so a test reads as the conversation it sets up.
 * `chain()` links bodies into one branch (each entry's parent is the one before it).
 */
import type { CustomMessageEntry, MessageEntry, SessionEntry } from '../src/core/types/entry';
import type {
  ContentBlock,
  Message,
  StopReason,
  TextBlock,
  ToolResultBlock,
  ToolUseBlock,
} from '../src/core/types/message';

type Linked = 'id' | 'parentId' | 'sessionId' | 'timestamp';
export type EntryBody =
  | Omit<MessageEntry, Linked>
  | Omit<CustomMessageEntry, Linked>
  | { type: string; [field: string]: unknown };

export const text = (value: string): TextBlock => ({ type: 'text', text: value });

export const toolUse = (id: string, name = 'todo_write', input: unknown = {}): ToolUseBlock => ({
  type: 'tool_use',
  id,
  name,
  input,
});

export const toolResult = (id: string, content = 'ok'): ToolResultBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
});

function blocks(content: Array<ContentBlock | string>): ContentBlock[] {
  return content.map((block) => (typeof block === 'string' ? text(block) : block));
}

export function messageBody(message: Message): Omit<MessageEntry, Linked> {
  return { type: 'message', message };
}

export const user = (...content: Array<ContentBlock | string>) =>
  messageBody({ role: 'user', content: blocks(content) });

export const assistant = (content: Array<ContentBlock | string>, stopReason: StopReason = 'end_turn') =>
  messageBody({ role: 'assistant', content: blocks(content), stopReason });

export const toolResults = (...content: ContentBlock[]) => messageBody({ role: 'toolResult', content });

export const custom = (
  content: string,
  customType = 'note',
  display = true,
): Omit<CustomMessageEntry, Linked> => ({
  type: 'custom_message',
  customType,
  content,
  display,
});

/** Links bodies into one branch: ids `e0`, `e1`, ..., each the child of the one before. */
export function chain(bodies: readonly EntryBody[], sessionId = 's1'): SessionEntry[] {
  return bodies.map(
    (body, index) =>
      ({
        ...body,
        id: `e${index}`,
        parentId: index === 0 ? null : `e${index - 1}`,
        sessionId,
        timestamp: 1_000 + index,
      }) as SessionEntry, // every body is one of the entry shapes, now with its links
  );
}
