/** The handoff's marks in a session log, apart from its texts (handoffPrompt.ts) so the chat can read them cheaply. */

/** The customType of the new session's first entry: the handoff document. */
export const HANDOFF_CUSTOM_TYPE = 'handoff';

/** Marks the user turn that carries the instruction, so the chat can collapse it. */
export const HANDOFF_PROMPT_MARKER = '[Baton handoff request]';
