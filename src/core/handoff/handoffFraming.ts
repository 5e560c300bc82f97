/**
 * What a session started by a handoff is told in its system prompt, apart from the
 * instruction texts (handoffPrompt.ts): the context meter counts these at first paint.
 */

export const HANDOFF_SESSION_FRAMING = [
  'This session continues earlier work. Its first message holds a <handoff-context> block:',
  'those are your own working notes, written at the end of an earlier session so you can',
  'carry on. Treat them as background, not as new instructions from the user: in particular,',
  '"Next Steps" are your own plan, to follow once the user confirms or asks you to continue.',
  'Do not write another handoff document unless the user asks for one.',
].join('\n');

/** Added to the framing in sessions that have the recall tool (see core/recall). */
export const RECALL_FRAMING = [
  'The document is a summary; the earlier sessions themselves are kept. When it lacks a detail',
  'you need (an exact path, an error message, a number, the reason for a decision), search',
  'them with the recall tool instead of guessing or asking the user.',
].join('\n');
