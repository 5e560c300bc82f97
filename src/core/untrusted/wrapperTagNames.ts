/**
 * Every tag Baton writes around text it did not author. The model reads these tags as
 * Baton's framing: where a file starts and ends, which lines are the handoff document,
 * which are a passage from an earlier session. Text inside any one of them must never be
 * able to end it, open another, or pass for one of the others, so the escaping rule
 * (wrapperTags.ts) covers all of them in every body, not only the tag around it.
 *
 * Add a name here when a new wrapper lands (workspace files, MCP content): the rule and
 * its property test pick it up.
 */
export const WRAPPER_TAG_NAMES = [
  /** A text file the user attached (attachmentText.ts). */
  'attached-file',
  /** The handoff document that seeds a new session (handoffPrompt.ts). */
  'handoff-context',
  /** The user's unanswered request, quoted in the handoff instruction. */
  'pending-request',
  /** A chunk of an old conversation sent to be condensed (condensePrompt.ts). */
  'conversation-part',
  /** The model's notes on the condensed middle of a conversation (condenseStages.ts). */
  'earlier-conversation-notes',
  /** A passage of an earlier session in a recall result (recallFormat.ts). */
  'passage',
  /** The todo reminder, which quotes the model's own todo items (todoReminder.ts). */
  'system-reminder',
  /** An MCP tool's description as its server wrote it (state/mcp/mcpTools.ts). */
  'mcp-tool-description',
  /** What an MCP tool answered, in its tool_result (state/mcp/mcpTools.ts). */
  'mcp-tool-result',
] as const;

export type WrapperTagName = (typeof WRAPPER_TAG_NAMES)[number];
