/** Everything an AgentSession tells its listeners (the app's store mirrors them). */
import type { AgentEvent } from './agent/agentEvents';
import type { QueuedTextEvent } from './conversation/conversation';
import type { EditEvent } from './conversation/messageEdits';
import type { HandoffEvent } from './handoff/sessionHandoffs';
import type { SessionHostEvent } from './session/sessionHost';
import type { TodoItem } from './todos/todoTypes';

export type SessionEvent =
  | AgentEvent
  | SessionHostEvent
  | { type: 'todos_changed'; todos: TodoItem[] }
  | HandoffEvent
  /** Text the user had queued, handed back for the composer (never silently dropped). */
  | QueuedTextEvent
  /** An edit of a user message began (its id) or ended (undefined). */
  | EditEvent;
