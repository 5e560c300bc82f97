/**
 * What of the conversation a handoff carries (spec, "When the conversation no longer
 * fits"): unanswered turns at the end become the pending request, earlier handoff attempts
 * that never finished are left out, everything else goes as it is.
 */
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../types/agentMessage';
import type { Message, StopReason } from '../types/message';
import { HANDOFF_PROMPT_MARKER } from './handoffPrompt';
import { handoffTranscript } from './handoffTranscript';

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const reply = (text: string, stopReason: StopReason = 'end_turn'): Message => ({
  role: 'assistant',
  content: text ? [{ type: 'text', text }] : [],
  stopReason,
});
/** What a refused request leaves behind: an assistant error with nothing in it. */
const refused = (extra: Partial<Message> = {}): Message => ({
  role: 'assistant',
  content: [],
  stopReason: 'error',
  errorMessage: "This conversation no longer fits the model's context.",
  contextOverflow: { tokens: 219_898, limit: 200_000 },
  ...extra,
});
const reminder: AgentMessage = {
  role: 'custom',
  customType: 'todo_reminder',
  content: 'todos…',
  display: false,
};

/** An answered conversation with a tool call in it. */
const answered: AgentMessage[] = [
  user('Fix the failing build'),
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'build.log' } },
    ],
    stopReason: 'tool_use',
  },
  { role: 'toolResult', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'error TS2322' }] },
  reply('The build fails on a type error in src/app.ts.'),
];

describe('handoffTranscript', () => {
  it('returns a normal answered conversation unchanged, with nothing pending', () => {
    const result = handoffTranscript(answered);
    expect(result.messages).toEqual(answered);
    expect(result.pendingRequest).toBeUndefined();
    expect('pendingRequest' in result).toBe(false);
  });

  it('leaves out a final user message answered by an empty error, and names it pending', () => {
    const result = handoffTranscript([...answered, user('Now add a test for it'), refused()]);
    expect(result.messages).toEqual(answered);
    expect(result.pendingRequest).toBe('Now add a test for it');
  });

  it('does the same for a reply the window cut off, text and all', () => {
    const cut = reply('Sure, here is the test:', 'model_context_window_exceeded');
    const result = handoffTranscript([...answered, user('Now add a test for it'), cut]);
    expect(result.messages).toEqual(answered);
    expect(result.pendingRequest).toBe('Now add a test for it');
  });

  it('does the same for an empty reply that stopped for the window, and for a user message with no reply yet', () => {
    const empty = refused({ stopReason: 'model_context_window_exceeded' });
    expect(handoffTranscript([...answered, user('Add a test'), empty])).toEqual({
      messages: answered,
      pendingRequest: 'Add a test',
    });
    expect(handoffTranscript([...answered, user('Add a test')])).toEqual({
      messages: answered,
      pendingRequest: 'Add a test',
    });
  });

  it('keeps two refused messages in a row pending, oldest first, joined by a blank line', () => {
    const result = handoffTranscript([
      ...answered,
      user('Add a test'),
      refused(),
      reminder,
      user('  Please, just the test.  '),
      refused({ stopReason: 'model_context_window_exceeded' }),
    ]);
    expect(result.messages).toEqual(answered);
    expect(result.pendingRequest).toBe('Add a test\n\nPlease, just the test.');
  });

  it('leaves out an interrupted handoff attempt with its partial reply', () => {
    for (const stopReason of ['interrupted', 'error'] as const) {
      const attempt: AgentMessage[] = [
        user(`${HANDOFF_PROMPT_MARKER}\nWrite the handoff document…`),
        reply('## Goal\nFix the bu', stopReason),
      ];
      const result = handoffTranscript([...answered, ...attempt]);
      expect(result.messages).toEqual(answered);
      expect(result.pendingRequest).toBeUndefined();
    }
  });

  it('leaves out an unfinished attempt in the middle and still finds the refused request after it', () => {
    const result = handoffTranscript([
      ...answered,
      user(`${HANDOFF_PROMPT_MARKER}\nWrite the handoff document…`),
      refused({ stopReason: 'interrupted', contextOverflow: undefined }),
      user('Then just add the test'),
      reply('Done: src/app.test.ts covers it.'),
      user('And the changelog?'),
      refused(),
    ]);
    expect(result.messages).toEqual([
      ...answered,
      user('Then just add the test'),
      reply('Done: src/app.test.ts covers it.'),
    ]);
    expect(result.pendingRequest).toBe('And the changelog?');
  });

  it('keeps a finished earlier handoff', () => {
    const finished: AgentMessage[] = [
      ...answered,
      user(`${HANDOFF_PROMPT_MARKER}\nWrite the handoff document…`),
      reply('## Goal\nFix the build\n## Next Steps\n1. Add a test'),
      user('Actually, one more thing first'),
      reply('Sure.'),
    ];
    expect(handoffTranscript(finished)).toEqual({ messages: finished });
  });

  it('does not take an answered user message for a pending one', () => {
    // The reply had text before the error: the user got an answer, partial as it is.
    const partial: Message = { ...reply('Half an answer', 'error'), errorMessage: 'Connection dropped' };
    const context = [...answered, user('Explain the error'), partial];
    expect(handoffTranscript(context)).toEqual({ messages: context });
  });
});

describe('handoffTranscript: refused inside a tool loop', () => {
  it('keeps the tool work, drops the empty refusal, and names the turn’s request as pending', () => {
    const context: AgentMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'Summarise the access log' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'read_file', input: { path: 'access.log' } }],
        stopReason: 'tool_use',
      },
      { role: 'toolResult', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'x'.repeat(50) }] },
      { role: 'assistant', content: [], stopReason: 'error', contextOverflow: { tokens: 9, limit: 5 } },
    ];
    const result = handoffTranscript(context);
    expect(result.pendingRequest).toBe('Summarise the access log');
    expect(result.messages).toEqual(context.slice(0, 3));
  });

  it('names nothing when the tool loop was answered', () => {
    const context: AgentMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'Read it' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'read_file', input: {} }],
        stopReason: 'tool_use',
      },
      { role: 'toolResult', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }] },
    ];
    expect(handoffTranscript(context)).toEqual({ messages: context });
  });
});
