/**
 * The system prompt every request carries. Its own small module so the context meter
 * can count it without loading the agent.
 */
import { HANDOFF_SESSION_FRAMING, RECALL_FRAMING } from './handoff/handoffFraming';

export const BASE_SYSTEM_PROMPT = [
  'You are the assistant in Baton, a chat app for long working sessions.',
  'Be direct and precise. Use markdown where it helps; put code in fenced blocks.',
  'For work with several steps, keep a plan with the todo_write tool and keep it current.',
].join('\n');

/**
 * A session started by a handoff also learns how to read its handoff document and,
 * where it has the recall tool (the app always gives it one), when to search the
 * sessions before it.
 */
export function systemPromptFor(startedByHandoff: boolean, withRecall = startedByHandoff): string {
  if (!startedByHandoff) return BASE_SYSTEM_PROMPT;
  const framing = withRecall ? `${HANDOFF_SESSION_FRAMING}\n${RECALL_FRAMING}` : HANDOFF_SESSION_FRAMING;
  return `${BASE_SYSTEM_PROMPT}\n\n${framing}`;
}
