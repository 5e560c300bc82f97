/**
 * The `handoff` tool: the model proposes starting a fresh session from a handoff
 * document (the user asked for it, or the context is nearly full). Baton never switches
 * on the model's word alone: the call waits for the user's answer (see
 * handoffProposals.ts), and only "Hand off" starts the same pipeline as `/handoff`.
 */
import { isRecord } from '../isRecord';
import type { Tool, ToolCall, ToolExecutionResult } from '../tools/tool';

export const HANDOFF_TOOL_NAME = 'handoff';

export const HANDOFF_TOOL_DESCRIPTION = 'propose starting a fresh session with a handoff document';

/** What the model proposes: why, and optionally what the document should focus on. */
export interface HandoffProposalInput {
  reason: string;
  focus?: string;
}

/** The user's answer to a proposal: hand off with this (edited) focus, or not now. */
export type HandoffProposalAnswer = { accepted: true; focus: string } | { accepted: false };

/**
 * The answers the model reads. A refusal is not an error (is_error stays false): the
 * call was well formed and did its job, asking; "not now" is a valid answer, and an
 * error would invite the model to retry the call or "fix" its input.
 */
export const HANDOFF_ACCEPTED_RESULT =
  'The user accepted. The handoff is starting now: a new session will begin from the handoff document.';
export const HANDOFF_DECLINED_RESULT =
  'The user declined the handoff (Not now). Continue the work in this session, and do not propose a handoff again unless the user asks for one.';
export const HANDOFF_UNANSWERED_RESULT =
  'The user did not answer the handoff proposal before the page was closed; no handoff was made. Continue in this session.';

/** Asks the user about `proposal`; `toolUseId` is the call the answer goes to. */
export type AskUser = (
  proposal: HandoffProposalInput,
  signal: AbortSignal,
  toolUseId: string,
) => Promise<HandoffProposalAnswer>;

type Validated = { ok: true; proposal: HandoffProposalInput } | { ok: false; error: string };

function validate(input: unknown): Validated {
  if (!isRecord(input))
    return { ok: false, error: 'Input must be an object {"reason": "...", "focus"?: "..."}.' };
  const { reason, focus } = input;
  if (typeof reason !== 'string' || reason.trim() === '')
    return { ok: false, error: '"reason" is required and must be a non-empty string.' };
  if (focus !== undefined && typeof focus !== 'string')
    return { ok: false, error: '"focus" must be a string when given.' };
  const trimmed = typeof focus === 'string' ? focus.trim() : '';
  return { ok: true, proposal: { reason: reason.trim(), ...(trimmed && { focus: trimmed }) } };
}

export function createHandoffTool(ask: AskUser): Tool {
  return {
    definition: {
      name: HANDOFF_TOOL_NAME,
      description: HANDOFF_TOOL_DESCRIPTION,
      input_schema: {
        type: 'object',
        properties: {
          reason: { type: 'string' },
          focus: { type: 'string' },
        },
        required: ['reason'],
      },
    },
    async execute(input: unknown, signal: AbortSignal, call?: ToolCall): Promise<ToolExecutionResult> {
      const result = validate(input);
      if (!result.ok) return { content: `Error: ${result.error} No handoff was proposed.`, isError: true };
      const answer = await ask(result.proposal, signal, call?.id ?? '');
      // Accepted: the run ends here (the model is not asked again); the handoff needs the
      // session idle, and starts as soon as the run has ended.
      if (answer.accepted) return { content: HANDOFF_ACCEPTED_RESULT, endsRun: true };
      return { content: HANDOFF_DECLINED_RESULT };
    },
  };
}
