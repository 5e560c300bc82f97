import { describe, expect, it } from 'vitest';
import type { ScriptedBlock } from '../sse/messageStreamEvents';
import { demoReply, planSteps } from './demoReply';

const user = (text: string) => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string) => ({ role: 'assistant', content: [{ type: 'text', text }] });
const todoTool = { name: 'todo_write', description: 'Write todos', input_schema: { type: 'object' } };

const HANDOFF_PROMPT =
  'Write a handoff document for a fresh session. Use exactly these sections: Goal, Constraints & Preferences, Progress, Key Decisions, Critical Context, Next Steps.';

function textOf(blocks: ScriptedBlock[]): string {
  return blocks.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

describe('demoReply', () => {
  it('answers an ordinary message as the offline demo, quoting the user', () => {
    const reply = demoReply({ model: 'baton-demo', messages: [user('Tell me about lighthouses')] });
    expect(reply.model).toBe('baton-demo');
    expect(reply.stopReason).toBe('end_turn');
    expect(reply.blocks).toHaveLength(1);
    const text = textOf(reply.blocks);
    expect(text).toContain('offline demo');
    expect(text).toContain('“Tell me about lighthouses”');
  });

  it('is deterministic', () => {
    const body = { model: 'baton-demo', tools: [todoTool], messages: [user('Plan: a, b, c')] };
    expect(demoReply(body)).toEqual(demoReply(structuredClone(body)));
  });

  it('estimates usage as a quarter token per character', () => {
    const body = { model: 'baton-demo', system: 'Be kind.', messages: [user('Hi')] };
    const reply = demoReply(body);
    const inputChars = JSON.stringify('Be kind.').length + JSON.stringify(body.messages).length + '[]'.length;
    expect(reply.usage?.input_tokens).toBe(Math.ceil(inputChars / 4));
    expect(reply.usage?.output_tokens).toBe(Math.ceil(textOf(reply.blocks).length / 4));
  });

  it('writes a handoff document with the six sections, built from the conversation', () => {
    const reply = demoReply({
      model: 'baton-demo',
      tools: [todoTool],
      tool_choice: { type: 'none' },
      messages: [
        user('Build a recipe app. It must work offline.'),
        assistant('Sure.'),
        user('Now add a shopping list'),
        assistant('Done.'),
        user(`${HANDOFF_PROMPT}\n\nAdditional focus: the sync bug`),
      ],
    });
    expect(reply.blocks.every((block) => block.type === 'text')).toBe(true);
    expect(reply.stopReason).toBe('end_turn');
    const doc = textOf(reply.blocks);
    expect(doc.split('\n').filter((line) => line.startsWith('## '))).toEqual([
      '## Goal',
      '## Constraints & Preferences',
      '## Progress',
      '## Key Decisions',
      '## Critical Context',
      '## Next Steps',
    ]);
    expect(section(doc, 'Goal')).toContain('Build a recipe app');
    expect(section(doc, 'Constraints & Preferences')).toContain('It must work offline.');
    expect(section(doc, 'Progress')).toContain('Now add a shopping list');
    expect(section(doc, 'Critical Context')).toContain('the sync bug');
    expect(section(doc, 'Next Steps')).toContain('Now add a shopping list');
    expect(doc).not.toContain('Additional focus');
  });

  it('takes the goal from an earlier handoff document when handing off again', () => {
    const earlier =
      '<handoff-context>\n## Goal\n\nShip the recipe app.\n\n## Progress\n\n- x\n</handoff-context>';
    const reply = demoReply({
      model: 'baton-demo',
      messages: [user(earlier), user('Add tags'), user(HANDOFF_PROMPT)],
    });
    expect(section(textOf(reply.blocks), 'Goal')).toBe('Ship the recipe app.');
  });

  it('answers normally after a handoff, even when the document shares the turn', () => {
    const context = `<handoff-context>\n## Goal\n\nShip the recipe app.\n\n## Constraints & Preferences\n\n## Progress\n\n## Key Decisions\n\n## Critical Context\n\n## Next Steps\n</handoff-context>`;
    const reply = demoReply({
      model: 'baton-demo',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: context },
            { type: 'text', text: 'What next?' },
          ],
        },
      ],
    });
    const text = textOf(reply.blocks);
    expect(text).not.toContain('## Goal');
    expect(text).toContain('“What next?”');
    expect(text).toContain('Its goal: Ship the recipe app.');
  });

  it('calls todo_write with three pending steps when asked to plan', () => {
    const reply = demoReply({
      model: 'baton-demo',
      tools: [todoTool],
      tool_choice: { type: 'auto' },
      messages: [user('Make a plan for the launch: write docs, record a video, publish the post')],
    });
    expect(reply.stopReason).toBe('tool_use');
    const call = reply.blocks.find((block) => block.type === 'tool_use');
    expect(call).toMatchObject({
      type: 'tool_use',
      name: 'todo_write',
      input: {
        todos: [
          { content: 'Write docs', status: 'pending' },
          { content: 'Record a video', status: 'pending' },
          { content: 'Publish the post', status: 'pending' },
        ],
      },
    });
    expect(call?.type === 'tool_use' && call.id).toMatch(/^toolu_demo_[0-9a-f]{8}$/);
  });

  it('does not call the tool when tools are forbidden, absent, or the word is not about planning', () => {
    const ask = [user('Please plan my week')];
    for (const body of [
      { model: 'baton-demo', tools: [todoTool], tool_choice: { type: 'none' }, messages: ask },
      { model: 'baton-demo', messages: ask },
      { model: 'baton-demo', tools: [todoTool], messages: [user('Give me an explanation of tides')] },
    ]) {
      const reply = demoReply(body);
      expect(reply.blocks.some((block) => block.type === 'tool_use')).toBe(false);
      expect(reply.stopReason).toBe('end_turn');
    }
  });

  it('confirms the plan once the tool result comes back', () => {
    const todos = { todos: ['a', 'b', 'c'].map((content) => ({ content, status: 'pending' })) };
    const reply = demoReply({
      model: 'baton-demo',
      tools: [todoTool],
      messages: [
        user('Plan it'),
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'todo_write', input: todos }],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Saved 3 todos.' }],
        },
      ],
    });
    expect(reply.blocks.some((block) => block.type === 'tool_use')).toBe(false);
    expect(textOf(reply.blocks)).toContain('the plan is in your todo list (3 steps)');
  });

  it('survives a malformed body', () => {
    for (const body of [null, 'text', { messages: 'no' }, { messages: [{ role: 'user', content: 5 }] }]) {
      expect(textOf(demoReply(body).blocks)).toContain('offline demo');
    }
  });
});

describe('planSteps', () => {
  it('uses the list in the request, or outlines the topic', () => {
    expect(planSteps('todo:\n- buy milk\n- bake a cake\n- clean up')).toEqual([
      'Buy milk',
      'Bake a cake',
      'Clean up',
    ]);
    expect(planSteps('Plan my garden party')).toEqual([
      'Clarify what my garden party needs',
      'Work through my garden party step by step',
      'Review the result of my garden party',
    ]);
  });
});

function section(doc: string, name: string): string {
  const start = doc.indexOf(`## ${name}\n`);
  const rest = doc.slice(start + name.length + 4);
  const end = rest.indexOf('\n## ');
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}
