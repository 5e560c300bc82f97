/**
 * The demo model's answer to a handoff prompt: a document with the six sections the
 * prompt asks for, filled from the conversation itself, so the whole handoff flow can
 * be tried offline.
 */
import { HANDOFF_SECTIONS } from '../../core/handoff/handoffPrompt';
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

const MAX_PROGRESS_ITEMS = 8;
const PREFERENCE_WORDS = /\b(must|should|prefer|please don't|don't|do not|never|always|avoid)\b/i;

export function handoffDocument(request: DemoRequest, prompt: string): string {
  // Everything before the handoff prompt is the conversation being handed off.
  const earlier = request.turns.slice(0, -1);
  const userTexts = earlier
    .filter((turn) => turn.role === 'user' && turn.text.trim() !== '')
    .map((t) => t.text);
  const requests = userTexts.filter((text) => !text.includes('<handoff-context>'));
  const previousGoal = userTexts.map((text) => sectionOf(text, 'Goal')).find((goal) => goal !== undefined);
  const todos = latestTodos(earlier);
  const focus = /Additional focus:\s*([\s\S]+)$/i.exec(prompt)?.[1];

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
  if (previousGoal !== undefined) progress.unshift('- Continued from an earlier session through a handoff.');
  if (todos.length > 0) progress.push(`- A plan with ${todos.length} steps was saved to the todo list.`);

  const decisions =
    todos.length > 0
      ? [`- Planned the work as: ${todos.map((todo) => todo.content).join('; ')}.`]
      : ['- No decisions were recorded beyond the requests above.'];

  const context = [
    `- Written by Baton's offline demo model from ${earlier.length} messages; no real model read them.`,
  ];
  if (focus !== undefined) context.push(`- Focus requested for this handoff: ${quote(focus, 200)}`);

  const lastRequest = requests.at(-1);
  const open = todos.filter((todo) => todo.status !== 'completed').map((todo) => `- [ ] ${todo.content}`);
  const next = [
    ...(lastRequest !== undefined ? [`- Continue with the last request: ${quote(lastRequest, 160)}`] : []),
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
