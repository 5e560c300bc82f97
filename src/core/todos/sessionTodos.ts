/**
 * The open session's todo list: written by the todo_write tool, rebuilt from the branch
 * when another one is loaded, and the reminder that nudges a model which has stopped
 * keeping it current.
 */
import type { Tool } from '../tools/tool';
import type { CustomContextMessage } from '../types/agentMessage';
import type { SessionEntry } from '../types/entry';
import type { Message } from '../types/message';
import { deriveTodos } from './deriveTodos';
import { TODO_REMINDER_CUSTOM_TYPE, TodoReminder } from './todoReminder';
import type { TodoItem } from './todoTypes';
import { createTodoWriteTool, TODO_WRITE_TOOL_NAME } from './todoWriteTool';

export class SessionTodos {
  private list: TodoItem[] = [];
  private readonly reminder = new TodoReminder();

  constructor(private readonly changed: (todos: TodoItem[]) => void) {}

  get items(): TodoItem[] {
    return this.list;
  }

  /** The todo_write tool, writing into this list. */
  tool(): Tool {
    return createTodoWriteTool({
      get: () => this.list,
      set: (items) => {
        this.list = items;
        this.changed(items);
      },
    });
  }

  /** The list as `branch` left it; the reminder counts afresh (another session's silence does not carry over). */
  load(branch: readonly SessionEntry[]): void {
    this.list = deriveTodos(branch);
    this.reminder.reset();
    this.changed(this.list);
  }

  /** The reminder for the model's next turn, when `reply` is one quiet turn too many. */
  reminderAfter(reply: Message): CustomContextMessage | undefined {
    const called = reply.content.some((b) => b.type === 'tool_use' && b.name === TODO_WRITE_TOOL_NAME);
    const reminder = this.reminder.onTurnEnd(this.list, called);
    return reminder === undefined
      ? undefined
      : { role: 'custom', customType: TODO_REMINDER_CUSTOM_TYPE, content: reminder, display: false };
  }
}
