/**
 * The demo model's answer to a handoff prompt: a document with the six sections the
 * prompt asks for, filled from the conversation itself, so the whole handoff flow can
 * be tried offline.
 */
import { CONDENSE_PROMPT_MARKER } from '../../core/handoff/condensePrompt';
import {
  HANDOFF_PROMPT_MARKER,
  HANDOFF_SECTIONS,
  PENDING_REQUEST_LABEL,
} from '../../core/handoff/handoffPrompt';
import { factScore } from './condenseNotes';
import type { DemoRequest, DemoTurn } from './readRequest';
import { clip, quote } from './text';

/** The handoff prompt names every section; ordinary messages do not. */
export function isHandoffPrompt(text: string): boolean {
  // An earlier handoff document quoted in the turn names them too, but asks for nothing.
  const lower = withoutHandoffContext(text).toLowerCase();
  return HANDOFF_SECTIONS.every((section) => lower.includes(section.toLowerCase()));
}

/** The text with any quoted `<handoff-context>` document cut out. */
export function withoutHandoffContext(text: string): string {
  return text.replace(/<handoff-context>[\s\S]*?(<\/handoff-context>|$)/g, '').trim();
}

/** The request the user got no answer to, which the handoff prompt may carry; undefined when it has none. */
function pendingRequestOf(prompt: string): string | undefined {
  const pending = pendingBlock(prompt)?.request.trim();
  return pending ? pending : undefined;
}

/** The text without its pending-request block (label line to closing tag), so nothing reads that block as its own. */
function withoutPendingRequest(text: string): string {
  const block = pendingBlock(text);
  return block === undefined ? text : `${text.slice(0, block.start)}${text.slice(block.end)}`;
}

/** Where the block runs: from the PENDING_REQUEST_LABEL line to `</pending-request>`. */
function pendingBlock(text: string): { start: number; end: number; request: string } | undefined {
  const start = text.indexOf(PENDING_REQUEST_LABEL);
  if (start < 0) return undefined;
  const block = /<pending-request>\n?([\s\S]*?)\n?<\/pending-request>/.exec(text.slice(start));
  if (block === null) return undefined;
  return { start, end: start + block.index + block[0].length, request: block[1] ?? '' };
}

/**
 * User text that is the user's own: not an instruction Baton sent (a condensing
 * request, an earlier handoff prompt), without a pending-request block and without
 * the notes on earlier messages that condensing put beside the first message.
 */
function ownUserText(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith(CONDENSE_PROMPT_MARKER) || trimmed.startsWith(HANDOFF_PROMPT_MARKER))
    return undefined;
  const own = withoutPendingRequest(trimmed).replace(EARLIER_NOTES, '').trim();
  return own === '' ? undefined : own;
}

/** The block condensing puts in the first user turn: `<earlier-conversation-notes>…</…>`. */
const EARLIER_NOTES = /<(earlier-conversation[\w-]*)>([\s\S]*?)(?:<\/\1>|$)/g;

/** The bullet lines of the earlier-conversation notes in `texts`, in order. */
function earlierNotes(texts: string[]): string[] {
  return texts.flatMap((text) =>
    [...text.matchAll(EARLIER_NOTES)].flatMap((match) =>
      (match[2] ?? '')
        .split('\n')
        .filter((line) => /^\s*[-*]\s+\S/.test(line))
        .map((line) => line.replace(/^\s*[-*]\s+/, '').trim()),
    ),
  );
}

const MAX_NOTES_CARRIED = 6;

/** The notes with the most facts in them, in their order: what is costly to rediscover. */
function notesToCarry(notes: string[]): string[] {
  return notes
    .map((note, index) => ({ note, index, score: factScore(note) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_NOTES_CARRIED)
    .sort((a, b) => a.index - b.index)
    .map(({ note }) => `- From the notes on earlier messages: ${clip(note, 200)}`);
}

const MAX_PROGRESS_ITEMS = 8;
const PREFERENCE_WORDS = /\b(must|should|prefer|please don't|don't|do not|never|always|avoid)\b/i;

export function handoffDocument(request: DemoRequest, prompt: string): string {
  // Everything before the handoff prompt is the conversation being handed off.
  const earlier = request.turns.slice(0, -1);
  const notes = earlierNotes(earlier.filter((turn) => turn.role === 'user').map((turn) => turn.text));
  const userTexts = earlier
    .filter((turn) => turn.role === 'user')
    .map((turn) => ownUserText(turn.text))
    .filter((text): text is string => text !== undefined);
  const requests = userTexts.filter((text) => !text.includes('<handoff-context>'));
  const previousGoal = userTexts.map((text) => sectionOf(text, 'Goal')).find((goal) => goal !== undefined);
  const todos = latestTodos(earlier);
  const pending = pendingRequestOf(prompt);
  const focus = /Additional focus:\s*([\s\S]+)$/i.exec(withoutPendingRequest(prompt))?.[1];

  const goal = previousGoal ?? (requests[0] !== undefined ? quote(requests[0], 200) : 'Not stated yet.');

  const preferences = requests
    .flatMap((text) => text.split(/(?<=[.!?])\s+|\n/))
    .filter((sentence) => PREFERENCE_WORDS.test(sentence))
    .slice(0, 3)
    .map((sentence) => `- ${quote(sentence, 160)}`);

  const shown = requests.slice(-MAX_PROGRESS_ITEMS);
  const progress = shown.map((text) => `- The user asked: ${quote(text, 120)}`);
  if (requests.length > shown.length)
    progress.unshift(`- (${requests.length - shown.length} earlier requests)`);
  if (notes.length > 0)
    progress.unshift('- Older messages were condensed into notes to fit the context window.');
  if (previousGoal !== undefined) progress.unshift('- Continued from an earlier session through a handoff.');
  if (todos.length > 0) progress.push(`- A plan with ${todos.length} steps was saved to the todo list.`);

  const decisions =
    todos.length > 0
      ? [`- Planned the work as: ${todos.map((todo) => todo.content).join('; ')}.`]
      : ['- No decisions were recorded beyond the requests above.'];

  const context = [
    `- Written by Baton's offline demo model from ${earlier.length} messages; no real model read them.`,
  ];
  context.push(...notesToCarry(notes));
  if (focus !== undefined) context.push(`- Focus requested for this handoff: ${quote(focus, 200)}`);

  const lastRequest = requests.at(-1);
  const open = todos.filter((todo) => todo.status !== 'completed').map((todo) => `- [ ] ${todo.content}`);
  const next = [
    // The request the user is still waiting for comes first: it is asked again in the new session.
    ...(pending !== undefined ? [`- Answer the pending request first: ${quote(pending, 200)}`] : []),
    ...(lastRequest !== undefined && lastRequest.trim() !== pending
      ? [`- Continue with the last request: ${quote(lastRequest, 160)}`]
      : []),
    ...open,
  ];

  return [
    section('Goal', [goal]),
    section('Constraints & Preferences', preferences.length > 0 ? preferences : ['- None stated.']),
    section('Progress', progress.length > 0 ? progress : ['- Nothing yet.']),
    section('Key Decisions', decisions),
    section('Critical Context', context),
    section('Next Steps', next.length > 0 ? next : ['- Ask the user what to do next.']),
  ].join('\n\n');
}

function section(title: (typeof HANDOFF_SECTIONS)[number], lines: string[]): string {
  return `## ${title}\n\n${lines.join('\n')}`;
}

/** The body of `## name` in an earlier handoff document quoted in the conversation. */
export function sectionOf(text: string, name: string): string | undefined {
  if (!text.includes('<handoff-context>')) return undefined;
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${name}`);
  if (start < 0) return undefined;
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ') || line.includes('</handoff-context>')) break;
    body.push(line);
  }
  const joined = body.join('\n').trim();
  return joined === '' ? undefined : clip(joined, 300);
}

export interface DemoTodo {
  content: string;
  status: string;
}

/** The todo list as the last todo_write call in the conversation left it. */
export function latestTodos(turns: DemoTurn[]): DemoTodo[] {
  for (const turn of [...turns].reverse()) {
    const call = [...turn.toolUses].reverse().find((use) => use.name === 'todo_write');
    if (call === undefined) continue;
    const todos = (call.input as { todos?: unknown } | null)?.todos; // shape checked item by item below
    if (!Array.isArray(todos)) return [];
    return todos.flatMap((item: unknown) => {
      const todo = item as { content?: unknown; status?: unknown } | null; // checked field by field
      return typeof todo?.content === 'string'
        ? [{ content: todo.content, status: typeof todo.status === 'string' ? todo.status : 'pending' }]
        : [];
    });
  }
  return [];
}
