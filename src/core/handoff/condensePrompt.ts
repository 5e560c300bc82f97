/**
 * The instruction that turns one chunk of an old conversation into notes, when a
 * handoff must condense what does not fit the model's window. The chunk is rendered
 * as plain text inside one user turn, so no tool_use is ever sent without its result.
 */

import { untrustedBlock } from '../untrusted/untrustedBlock';

/** Starts every condensing request, so a model (the demo, a test mock) can recognise it. */
export const CONDENSE_PROMPT_MARKER = '[Baton condensing request]';

export const CONDENSE_SYSTEM_PROMPT =
  'You condense part of a long conversation into notes for a colleague who will never see it.';

export function buildCondensePrompt(chunkText: string, part: number, parts: number): string {
  return [
    CONDENSE_PROMPT_MARKER,
    `Below is part ${part} of ${parts} of an earlier conversation between a user and an assistant.`,
    'Extract the facts, decisions (with their reasons), file names and paths, numbers, exact errors,',
    'constraints and open questions it contains, as terse markdown bullet points. Keep every name,',
    'path and number exactly as written. Leave out pleasantries and anything later superseded.',
    'Reply with the notes only.',
    '',
    untrustedBlock('conversation-part', {}, chunkText),
  ].join('\n');
}
