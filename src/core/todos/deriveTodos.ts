/**
 * The todo list is not stored on its own: it is whatever the last successful
 * todo_write call on the branch said. Re-running the tool's own validation on that
 * call keeps one definition of a valid list.
 */
import { HANDOFF_CUSTOM_TYPE } from '../handoff/handoffMarkers';
import { isRecord } from '../isRecord';
import type { SessionEntry } from '../types/entry';
import type { ToolUseBlock } from '../types/message';
import { readCarriedTodos } from './carriedTodos';
import type { TodoItem } from './todoTypes';
import { createTodoWriteTool, TODO_WRITE_TOOL_NAME } from './todoWriteTool';

export function deriveTodos(branch: readonly SessionEntry[]): TodoItem[] {
  const failed = new Set<string>();
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (entry?.type !== 'message' || !('message' in entry)) continue;
    const { message } = entry as Extract<SessionEntry, { type: 'message' }>;
    for (const block of message.content) {
      if (block.type === 'tool_result' && block.is_error) failed.add(block.tool_use_id);
    }
    const calls = message.content.filter(
      (b): b is ToolUseBlock => b.type === 'tool_use' && b.name === TODO_WRITE_TOOL_NAME && !failed.has(b.id),
    );
    for (const call of calls.reverse()) {
      let items: TodoItem[] = [];
      let n = 0;
      // Ids derived from the call keep the list's keys stable across reloads.
      const tool = createTodoWriteTool(
        { get: () => [], set: (next) => (items = next) },
        { newId: () => `${call.id}-${n++}` },
      );
      const result = tool.execute(call.input, new AbortController().signal);
      if (!(result instanceof Promise) && !result.isError) return items;
    }
  }
  return handedOverTodos(branch[0]);
}

/** A session started by a handoff begins with the todos its handoff entry carried. */
function handedOverTodos(first: SessionEntry | undefined): TodoItem[] {
  if (
    first?.type !== 'custom_message' ||
    !('customType' in first) ||
    first.customType !== HANDOFF_CUSTOM_TYPE
  )
    return [];
  return isRecord(first.details) ? readCarriedTodos(first.details.todos) : [];
}
