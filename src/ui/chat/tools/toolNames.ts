/**
 * The names of the app's own tools that the chat draws its own way. Spelled here rather
 * than imported from the tools themselves: the chat is part of the first load, the tools
 * load with the engine, and importing a name would bring its whole module into the first
 * load. toolNames.test.ts holds each one to the tool's own name.
 */
export { RECALL_TOOL_NAME } from '../../../core/recall/recallToolName';

export const TODO_WRITE_TOOL_NAME = 'todo_write';
export const HANDOFF_TOOL_NAME = 'handoff';
export const WEB_SEARCH_TOOL_NAME = 'web_search';
