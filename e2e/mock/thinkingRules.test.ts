import { describe, expect, it } from 'vitest';
import { signedThinking, thinkingProblem } from './thinkingRules';

const toolTurn = (first: unknown[]) => ({
  thinking: { type: 'adaptive' },
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'q' }] },
    { role: 'assistant', content: [...first, { type: 'tool_use', id: 't', name: 'todo_write', input: {} }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok' }] },
  ],
});

describe('the mock API on thinking sent back', () => {
  it('accepts a tool turn that opens with its signed thinking', () => {
    expect(thinkingProblem(toolTurn([signedThinking('plan')]))).toBeUndefined();
    expect(thinkingProblem(toolTurn([{ type: 'redacted_thinking', data: 'x' }]))).toBeUndefined();
  });

  it('refuses a tool turn without its thinking while thinking is on, as the API does', () => {
    expect(thinkingProblem(toolTurn([]))).toMatch(/^messages\.1\.content\.0\.type: Expected `thinking`/);
    expect(thinkingProblem({ ...toolTurn([]), thinking: { type: 'disabled' } })).toBeUndefined();
  });

  it('refuses thinking whose text or signature changed', () => {
    const changed = { ...signedThinking('plan'), thinking: 'plan!' };
    expect(thinkingProblem(toolTurn([changed]))).toBe(
      'messages.1.content.0: Invalid `signature` in `thinking` block',
    );
  });
});
