import { describe, expect, it } from 'vitest';
import { textFileBlock } from '../../core/attachments/attachmentText';
import { buildCondensePrompt, CONDENSE_PROMPT_MARKER } from '../../core/handoff/condensePrompt';
import {
  buildHandoffPrompt,
  HANDOFF_PROMPT_MARKER,
  PENDING_REQUEST_LABEL,
} from '../../core/handoff/handoffPrompt';
import { DEMO_SMALL_MODEL_ID } from '../defaults';
import type { ScriptedBlock } from '../sse/messageStreamEvents';
import { demoReply, planSteps } from './demoReply';
import { estimateTokens } from './text';

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

  it('describes the files a message carried: type, size, dimensions or pages, and the text file by name', () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwQZGBgAM/8F+x4RBCUAAAAASUVORK5CYII=';
    const pdf = btoa('%PDF-1.4\n3 0 obj << /Type /Page >> endobj\n4 0 obj << /Type /Page >> endobj\n%%EOF');
    const reply = demoReply({
      model: 'baton-demo',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
            {
              type: 'document',
              title: 'spec.pdf',
              source: { type: 'base64', media_type: 'application/pdf', data: pdf },
            },
            { type: 'text', text: textFileBlock('notes.txt', 'twelve chars') },
            { type: 'text', text: 'What are these?' },
          ],
        },
      ],
    });
    const text = textOf(reply.blocks);
    expect(text).toContain('You attached 3 files');
    expect(text).toContain(`- an image (PNG, 2×1 px, ${atob(png).length} bytes)`);
    expect(text).toContain('- a PDF “spec.pdf” (2 pages,');
    expect(text).toContain('- a text file “notes.txt” (12 characters)');
    // The file's content is not taken for the user's words.
    expect(text).toContain('You wrote: “What are these?”');
  });

  it('shows a little Markdown and a TypeScript code block in the first reply only', () => {
    const first = textOf(demoReply({ model: 'baton-demo', messages: [user('Hi')] }).blocks);
    expect(first).toContain('**Markdown**');
    expect(first).toMatch(/\n```typescript\n[\s\S]+\n```/);
    const later = textOf(
      demoReply({ model: 'baton-demo', messages: [user('Hi'), assistant('Hello.'), user('Again')] }).blocks,
    );
    expect(later).not.toContain('```');
  });

  it('counts an image by its pixels as the API does, not its base64 as text', () => {
    // A 1000×750 PNG header is all the demo reads of it; the padding stands for its pixels' bytes.
    const header = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x03, 0xe8,
      0, 0, 0x02, 0xee, 8, 2, 0, 0, 0,
    ]);
    const bytes = new Uint8Array(250_000);
    bytes.set(header);
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: btoa(binary) } };
    const withImage = demoReply({
      model: 'baton-demo',
      messages: [{ role: 'user', content: [image, { type: 'text', text: 'Look' }] }],
    });
    // What is counted as text: the request with the base64 left out (system and tools are absent).
    const skeleton = JSON.stringify([
      {
        role: 'user',
        content: [
          { ...image, source: { ...image.source, data: '' } },
          { type: 'text', text: 'Look' },
        ],
      },
    ]);
    const textTokens = Math.ceil((JSON.stringify('').length + skeleton.length + '[]'.length) / 4);
    // 1000 × 750 / 750 = 1,000 tokens; the base64 alone would have been ~83,000.
    expect(withImage.usage?.input_tokens).toBe(textTokens + 1_000);
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

/** A chunk as Baton renders it for condensing (condenseStages.renderForSummary), facts planted in the middle. */
const CHUNK = [
  "User: Hi! I'd really like some help getting our app deployed to the staging server this week, if that's possible.",
  'Assistant: Of course, happy to help with the staging deployment. What does the setup look like at the moment?',
  'User: The config lives at /srv/app/config.yaml and the service must listen on port 8443 behind nginx, because the firewall only opens that port.',
  'Assistant: Understood. I will keep port 8443 and leave the nginx config alone. Next we should check the TLS certificates in /etc/ssl/app.',
  'Assistant called tool todo_write with {"todos":[{"content":"Check certs","status":"pending"}]}',
  'Result of todo_write: Saved 1 todo.',
  'User: Also, Maria Keller owns the DNS; ask her before changing records. The deploy window is Friday 18:00 UTC.',
  'Assistant: Noted: Maria Keller owns DNS, deploy window Friday 18:00 UTC.\nI will draft the runbook next.',
  ...Array.from(
    { length: 6 },
    (_, i) =>
      `User: Thanks, that is all good for step ${i + 1}.\nAssistant: Great, moving on to the next step then.`,
  ),
].join('\n');

function condense(maxTokens: number, chunk = CHUNK) {
  return demoReply({
    model: DEMO_SMALL_MODEL_ID,
    max_tokens: maxTokens,
    system: 'You condense part of a long conversation into notes.',
    messages: [user(buildCondensePrompt(chunk, 1, 3))],
  });
}

describe('demoReply to a condensing request', () => {
  it('answers with bullet notes, shorter than the chunk and within max_tokens', () => {
    for (const maxTokens of [60, 120, 400, 8192]) {
      const reply = condense(maxTokens);
      expect(reply.blocks).toHaveLength(1);
      expect(reply.stopReason).toBe('end_turn');
      const notes = textOf(reply.blocks);
      expect(notes.length).toBeLessThan(CHUNK.length);
      expect(estimateTokens(notes.length)).toBeLessThanOrEqual(maxTokens);
      expect(reply.usage?.output_tokens).toBeLessThanOrEqual(maxTokens);
      for (const line of notes.split('\n')) expect(line).toMatch(/^- \S/);
      expect(notes).not.toContain(CONDENSE_PROMPT_MARKER);
      expect(notes).not.toContain('conversation-part');
    }
  });

  it('keeps the planted facts, whole, even when the notes must be short', () => {
    for (const maxTokens of [60, 8192]) {
      const notes = textOf(condense(maxTokens).blocks);
      expect(notes).toContain('/srv/app/config.yaml');
      expect(notes).toContain('port 8443');
      expect(notes).toContain('18:00 UTC');
    }
  });

  it('writes one bullet per message, naming who said it, when there is room', () => {
    const long = (text: string) => `${text} ${'The details were discussed at some length. '.repeat(6)}`;
    const chunk = [
      `User: ${long('Move the build to /opt/ci.')}`,
      `Assistant: ${long('Moved it.')}`,
      'Assistant called tool todo_write with {"todos":[]}',
      `Result of todo_write: ${long('Saved.')}`,
      `User: ${long('Now bump the version to 2.4.1.')}`,
    ].join('\n');
    const notes = textOf(condense(8192, chunk).blocks).split('\n');
    expect(notes).toHaveLength(5);
    expect(notes[0]).toMatch(/^- User: Move the build to \/opt\/ci\./);
    expect(notes[1]).toMatch(/^- Assistant: Moved it\./);
    expect(notes[2]).toBe('- Tool: called todo_write with {"todos":[]}');
    expect(notes[3]).toMatch(/^- Tool: Result of todo_write: Saved\./);
    expect(notes[4]).toContain('2.4.1');
  });

  it('drops whole messages, fewest facts first, and says so when even short bullets do not fit', () => {
    const notes = textOf(condense(60).blocks).split('\n');
    expect(notes.at(-1)).toMatch(/^- \(\d+ more messages left out\)$/);
    expect(notes.some((line) => line.includes('Tool:'))).toBe(false);
  });

  it('is deterministic, and is not fooled by a handoff document quoted in the chunk', () => {
    expect(condense(120)).toEqual(condense(120));
    const quoted = `User: <handoff-context>\n## Goal\n\nShip it.\n\n## Constraints & Preferences\n\n## Progress\n\n## Key Decisions\n\n## Critical Context\n\n## Next Steps\n</handoff-context>\n${CHUNK}`;
    const notes = textOf(condense(200, quoted).blocks);
    expect(notes.split('\n').every((line) => line.startsWith('- '))).toBe(true);
    expect(notes).toContain('/srv/app/config.yaml');
  });

  it('answers an empty part with one short bullet', () => {
    expect(textOf(condense(100, '').blocks)).toMatch(/^- \S.{0,40}$/);
  });
});

describe('demoReply on the small-window demo', () => {
  it('says it is the small-window demo and what to try', () => {
    const text = textOf(demoReply({ model: DEMO_SMALL_MODEL_ID, messages: [user('Hi')] }).blocks);
    expect(text).toContain('small-window demo');
    expect(text).toContain('4,000 tokens');
  });
});

describe('the demo handoff document after condensing', () => {
  it('names the pending request first in Next Steps, and never as something the user asked', () => {
    const prompt = buildHandoffPrompt({
      pendingRequest: 'Write the nginx runbook for /srv/app',
      focus: 'the DNS change',
    });
    const doc = textOf(
      demoReply({
        model: DEMO_SMALL_MODEL_ID,
        tool_choice: { type: 'none' },
        messages: [user('Deploy the app to staging.'), assistant('Done.'), user(prompt)],
      }).blocks,
    );
    const next = section(doc, 'Next Steps').split('\n');
    expect(next[0]).toBe('- Answer the pending request first: “Write the nginx runbook for /srv/app”');
    expect(next[1]).toContain('Deploy the app to staging.');
    expect(section(doc, 'Critical Context')).toContain('“the DNS change”');
    expect(section(doc, 'Progress')).not.toContain('runbook');
    for (const leaked of [PENDING_REQUEST_LABEL, '<pending-request>', HANDOFF_PROMPT_MARKER]) {
      expect(doc).not.toContain(leaked);
    }
  });

  it("carries facts from the earlier-conversation notes and keeps Baton's own instructions out of the requests", () => {
    const notesBlock = [
      '<earlier-conversation-notes>',
      'Notes on 12 earlier messages of this conversation, condensed to fit the context window:',
      '- User: … config at /srv/app/config.yaml … must … port 8443 …',
      '- Assistant: Sure.',
      '</earlier-conversation-notes>',
    ].join('\n');
    const earlierAttempt = buildHandoffPrompt({ pendingRequest: 'Old pending question' });
    const doc = textOf(
      demoReply({
        model: DEMO_SMALL_MODEL_ID,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Deploy the app to staging.' },
              { type: 'text', text: notesBlock },
            ],
          },
          assistant('On it.'),
          user(earlierAttempt),
          assistant('## Goal\n\n…'),
          user(`${CONDENSE_PROMPT_MARKER}\nstray instruction`),
          assistant('- notes'),
          user('Now check the certificates.'),
          assistant('Checked.'),
          user(buildHandoffPrompt()),
        ],
      }).blocks,
    );
    expect(section(doc, 'Goal')).toBe('“Deploy the app to staging.”');
    expect(section(doc, 'Critical Context')).toContain('/srv/app/config.yaml … must … port 8443');
    expect(section(doc, 'Progress')).toContain('condensed into notes');
    const asked = section(doc, 'Progress')
      .split('\n')
      .filter((line) => line.startsWith('- The user asked'));
    expect(asked).toEqual([
      '- The user asked: “Deploy the app to staging.”',
      '- The user asked: “Now check the certificates.”',
    ]);
    for (const leaked of [
      CONDENSE_PROMPT_MARKER,
      HANDOFF_PROMPT_MARKER,
      '<pending-request>',
      'Old pending question',
      '<earlier-conversation-notes>',
    ]) {
      expect(doc).not.toContain(leaked);
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
