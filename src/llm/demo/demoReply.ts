/**
 * The offline demo model: a pure function from a Messages API request body to the
 * reply it streams. Deterministic (same request, same reply), so it works in tests and
 * shows every part of the app (streaming, the todo tool, a call of an MCP tool the user
 * names, handoff and the condensing that makes a long conversation's handoff fit)
 * without a key.
 */
import { formatBytes } from '../../core/attachments/attachmentLimits';
import { contextWindowFor } from '../../core/context/contextWindow';
import { groupThousands } from '../../core/groupThousands';
import { DEMO_SMALL_MODEL_ID } from '../defaults';
import { outputLength, type ScriptedBlock, type ScriptedReply } from '../sse/messageStreamEvents';
import { condenseNotes, conversationPart, isCondenseRequest } from './condenseNotes';
import {
  handoffDocument,
  isHandoffPrompt,
  latestTodos,
  sectionOf,
  withoutHandoffContext,
} from './handoffDocument';
import { mcpCallBlocks, mcpResultReply } from './mcpReply';
import { demoMcpTools } from './mcpToolMatch';
import { type DemoFile, type DemoRequest, type DemoTurn, readRequest, requestTokens } from './readRequest';
import { clip, estimateTokens, quote, stableHash } from './text';

export const TODO_TOOL_NAME = 'todo_write';

/** "plan", "planning", "todo", "to-do" at the start of a word, but not "explanation". */
const PLAN_WORDS = /\bplan|\bto-?do/i;

export function demoReply(body: unknown): ScriptedReply {
  const request = readRequest(body);
  const last = request.turns.at(-1);
  const blocks = replyBlocks(request, last);
  const outputChars = blocks.reduce((sum, block) => sum + outputLength(block), 0);
  return {
    model: request.model,
    blocks,
    stopReason: blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn',
    usage: {
      input_tokens: requestTokens(request),
      output_tokens: Math.max(1, estimateTokens(outputChars)),
    },
  };
}

function replyBlocks(request: DemoRequest, last: DemoTurn | undefined): ScriptedBlock[] {
  if (last === undefined || last.role !== 'user') return [text(greeting(request, ''))];
  // First: the part to condense may quote an earlier handoff document, section names and all.
  if (isCondenseRequest(last.text)) {
    return [text(condenseNotes(conversationPart(last.text), request.maxTokens))];
  }
  if (isHandoffPrompt(last.text)) return [text(handoffDocument(request, last.text))];
  if (last.toolResults.length > 0) {
    const previous = request.turns.at(-2);
    return [text(mcpResultReply(request, previous, last) ?? toolResultReply(request, last))];
  }
  const ownText = withoutHandoffContext(last.text);
  // Naming a tool is the more specific wish: "plan" may well be part of its text.
  const mcpCall = mcpCallBlocks(request, ownText);
  if (mcpCall !== undefined) return mcpCall;
  if (wantsPlan(request, ownText)) {
    const steps = planSteps(ownText);
    return [
      text(`Here is a plan in ${steps.length} steps. I am saving it to your todo list.`),
      {
        type: 'tool_use',
        id: `toolu_demo_${stableHash(`${request.turns.length}:${ownText}`)}`,
        name: TODO_TOOL_NAME,
        input: { todos: steps.map((content) => ({ content, status: 'pending' })) },
      },
    ];
  }
  return [text(greeting(request, ownText, last.files))];
}

/** What the demo received, as a real request carried it: type, size, dimensions or pages. */
function describeFiles(files: readonly DemoFile[]): string {
  return [
    `You attached ${files.length === 1 ? 'one file' : `${files.length} files`}, and they reached me as a real model would get them:`,
    ...files.map(describeFile),
    'As a demo I cannot look inside them; with an API key, the model reads them.',
  ].join('\n');
}

function describeFile(file: DemoFile): string {
  switch (file.kind) {
    case 'image': {
      const type = file.mediaType.replace('image/', '').toUpperCase();
      const size = file.width && file.height ? `, ${file.width}×${file.height} px` : '';
      return `- an image (${type}${size}, ${formatBytes(file.bytes)})`;
    }
    case 'pdf':
      return `- a PDF${file.name ? ` ${quote(file.name, 60)}` : ''} (${file.pages ?? '?'} page${file.pages === 1 ? '' : 's'}, ${formatBytes(file.bytes)})`;
    case 'text':
      return `- a text file ${quote(file.name, 60)} (${groupThousands(file.chars)} characters)`;
  }
}

function wantsPlan(request: DemoRequest, lastText: string): boolean {
  return (
    PLAN_WORDS.test(lastText) &&
    request.tools.some((tool) => tool.name === TODO_TOOL_NAME) &&
    request.toolChoice !== 'none'
  );
}

function greeting(request: DemoRequest, lastText: string, files: readonly DemoFile[] = []): string {
  const paragraphs = [
    "Hello! This is Baton's offline demo model: no real model reads this conversation, and nothing leaves your browser.",
    lastText.trim() === ''
      ? files.length > 0
        ? 'Your message had files and no text.'
        : 'Your message had no text, so there is nothing for me to echo.'
      : `You wrote: ${quote(lastText, 120)}\n\nAs a demo I can only echo your words, but this conversation is saved like any other.`,
  ];
  if (files.length > 0) paragraphs.push(describeFiles(files));
  // The first reply of a chat shows what a real answer looks like, so a newcomer sees
  // the rendering (lists, inline code, a highlighted code block) before adding a key.
  if (!request.turns.some((turn) => turn.role === 'assistant')) paragraphs.push(SAMPLE_MARKDOWN);
  const previousGoal = request.turns
    .filter((turn) => turn.role === 'user')
    .map((turn) => sectionOf(turn.text, 'Goal'))
    .find((goal) => goal !== undefined);
  if (previousGoal !== undefined) {
    paragraphs.push(
      `I have the handoff notes from the previous session. Its goal: ${clip(previousGoal, 160)}`,
    );
  }
  if (request.model === DEMO_SMALL_MODEL_ID) {
    paragraphs.push(
      `This is the small-window demo: its context holds only ${groupThousands(contextWindowFor(DEMO_SMALL_MODEL_ID))} tokens, so a few messages fill it. Then hand off, and Baton condenses the older part of the conversation to make the handoff fit.`,
    );
  }
  paragraphs.push(
    'Try asking me to make a plan (I will write a todo list with the todo tool), or type /handoff to see a handoff document. Add an API key in Settings to talk to a real model.',
  );
  const [mcpTool] = demoMcpTools(request.tools);
  if (mcpTool !== undefined) {
    paragraphs.push(
      `You have MCP tools switched on: name one in a message with its text in quotes, such as ${mcpTool.tool} "hello", and I will call it (Baton asks you first).`,
    );
  }
  return paragraphs.join('\n\n');
}

const SAMPLE_MARKDOWN = [
  "Replies are **Markdown**, and Baton shows them as a real model's would look:",
  '',
  '- lists, *emphasis* and `inline code`',
  '- code blocks with their language, in colour:',
  '',
  '```typescript',
  '// A handoff passes the work on to a fresh session: where it stands, what comes next.',
  'interface Handoff {',
  '  goal: string;',
  '  nextSteps: string[];',
  '}',
  '',
  'function handOff(goal: string, nextSteps: string[]): Handoff {',
  '  return { goal, nextSteps };',
  '}',
  '```',
].join('\n');

function toolResultReply(request: DemoRequest, last: DemoTurn): string {
  const failed = last.toolResults.find((result) => result.isError);
  if (failed !== undefined) {
    return `The todo tool reported a problem: ${quote(failed.content, 160)}. A real model would correct its call and try again; the demo stops here.`;
  }
  const steps = latestTodos(request.turns).length;
  return `Done: the plan is in your todo list${steps > 0 ? ` (${steps} steps)` : ''}. This is the offline demo, so working through the steps is up to you.`;
}

/** Three steps from the request: its own list if it gives one, else a generic outline. */
export function planSteps(request: string): string[] {
  // Drop everything up to the planning word ("Can you make a plan for ...").
  const rest = request
    .replace(/^[\s\S]*?\b(plan|to-?do)\w*\b\s*(list\b)?\s*(for|to|of|about)?\s*/i, '')
    .replace(/\bplease\b/gi, '');
  const colon = rest.indexOf(':');
  const topic = clip(colon >= 0 ? rest.slice(0, colon) : rest, 60).replace(/[.?!]+$/, '') || 'the task';
  const listed = (colon >= 0 ? rest.slice(colon + 1) : rest)
    .split(/\n|;|,|\band then\b|\bthen\b|\band\b/i)
    .map((item) => clip(item.replace(/^[\s\-*\d.)]+/, ''), 80).replace(/[.?!]+$/, ''))
    .filter((item) => item !== '');
  if (listed.length >= 3) return listed.slice(0, 3).map(capitalise);
  return [
    `Clarify what ${topic} needs`,
    `Work through ${topic} step by step`,
    `Review the result of ${topic}`,
  ];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function text(value: string): ScriptedBlock {
  return { type: 'text', text: value };
}
