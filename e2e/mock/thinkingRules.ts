/**
 * The mock API's side of extended thinking: it signs the thinking it streams, and it
 * checks what a request sends back as the API does. With thinking on, every thinking
 * block must carry the signature it was given, and an assistant turn that called a tool
 * as the newest turn must start with its thinking; otherwise the API answers 400.
 */
import { createHash } from 'node:crypto';
import type { ScriptedBlock } from '../../src/llm/sse/messageStreamEvents';

/** The thinking forms that make the model think (`disabled` and `between_tools` do not). */
export function thinkingRequested(body: Record<string, unknown>): boolean {
  const thinking = body.thinking as { type?: unknown } | undefined;
  return thinking?.type === 'enabled' || thinking?.type === 'adaptive';
}

/** The mock's signature over a thinking text: opaque to the client, checkable here. */
export function mockSignature(thinking: string): string {
  return `mock-sig-${createHash('sha256').update(`baton-mock:${thinking}`).digest('base64')}`;
}

/** A signed thinking block as the mock streams it. */
export function signedThinking(thinking: string): Extract<ScriptedBlock, { type: 'thinking' }> {
  return { type: 'thinking', thinking, signature: mockSignature(thinking) };
}

type Turn = { role?: unknown; content?: unknown };
type Block = { type?: unknown; thinking?: unknown; signature?: unknown };

/** What the API would refuse in `body`'s thinking blocks, as its 400 message; undefined if nothing. */
export function thinkingProblem(body: Record<string, unknown>): string | undefined {
  const turns = Array.isArray(body.messages) ? (body.messages as Turn[]) : [];
  for (const [t, turn] of turns.entries()) {
    const blocks = Array.isArray(turn.content) ? (turn.content as Block[]) : [];
    for (const [b, block] of blocks.entries()) {
      if (block.type !== 'thinking') continue;
      if (typeof block.thinking !== 'string' || block.signature !== mockSignature(block.thinking))
        return `messages.${t}.content.${b}: Invalid \`signature\` in \`thinking\` block`;
    }
  }
  if (!thinkingRequested(body)) return undefined;
  // The newest assistant turn, when the conversation after it is only tool results.
  const last = turns.map((turn) => turn.role).lastIndexOf('assistant');
  const turn = turns[last];
  const blocks = Array.isArray(turn?.content) ? (turn.content as Block[]) : [];
  if (!blocks.some((block) => block.type === 'tool_use')) return undefined;
  const first = blocks[0]?.type;
  if (first === 'thinking' || first === 'redacted_thinking') return undefined;
  return `messages.${last}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first)}\`. With thinking enabled, the final assistant turn that used a tool must start with its thinking block.`;
}
