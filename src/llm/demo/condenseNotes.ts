/**
 * The demo model's answer to a condensing request (buildCondensePrompt): terse notes,
 * one markdown bullet per message of the conversation part, each clipped so that the
 * whole reply fits the request's max_tokens and is well shorter than the part itself.
 * Clipping drops filler words first and keeps the words that carry facts (paths,
 * numbers, names) longest, so a handoff written from the notes still has them.
 * Deterministic, like the rest of the demo.
 */
import { CONDENSE_PROMPT_MARKER } from '../../core/handoff/condensePrompt';
import { clip } from './text';

/** The demo's rule of thumb, as in estimateTokens: about four characters per token. */
const CHARS_PER_TOKEN = 4;
/** The notes take at most this share of the part's characters: condensing must shrink. */
const SHRINK = 0.5;
/** Below this many characters a bullet says too little; fewer bullets are kept instead. */
const MIN_BULLET = 48;
/** No bullet is longer than this, however much room there is. */
const MAX_BULLET = 200;

export function isCondenseRequest(text: string): boolean {
  return text.trimStart().startsWith(CONDENSE_PROMPT_MARKER);
}

/** The conversation between `<conversation-part>` and `</conversation-part>`; '' when there is none. */
export function conversationPart(prompt: string): string {
  const open = '<conversation-part>';
  const start = prompt.indexOf(open);
  if (start < 0) return '';
  const end = prompt.lastIndexOf('</conversation-part>');
  return prompt.slice(start + open.length, end > start ? end : undefined).trim();
}

export function condenseNotes(part: string, maxTokens: number | undefined): string {
  const limit = Math.min(
    maxTokens === undefined ? Number.POSITIVE_INFINITY : maxTokens * CHARS_PER_TOKEN,
    Math.max(16, Math.floor(part.length * SHRINK)),
  );
  const entries = readEntries(part);
  if (entries.length === 0) return clip('- Nothing to note in this part.', limit);

  let kept = entries;
  let omitted = '';
  if (entries.length * MIN_BULLET > limit) {
    const note = (n: number) => `- (${n} more ${n === 1 ? 'message' : 'messages'} left out)`;
    const room = Math.max(1, Math.floor((limit - note(entries.length).length - 1) / MIN_BULLET));
    // What the user and the assistant said comes before tool traffic, then the most facts.
    const isTool = (entry: Entry) => (entry.role === 'Tool' ? 1 : 0);
    kept = [...entries]
      .sort((a, b) => isTool(a) - isTool(b) || b.score - a.score || a.index - b.index)
      .slice(0, room)
      .sort((a, b) => a.index - b.index);
    omitted = note(entries.length - kept.length);
  }

  const available = limit - (omitted === '' ? 0 : omitted.length + 1) - (kept.length - 1);
  const budgets = shareOut(
    kept.map((entry) => Math.min(MAX_BULLET, prefix(entry).length + entry.text.length)),
    available,
  );
  const bullets = kept.map((entry, i) => {
    const head = prefix(entry);
    return `${head}${compress(entry.text, (budgets[i] ?? 0) - head.length)}`;
  });
  if (omitted !== '') bullets.push(omitted);
  const notes = bullets.join('\n');
  // Only a window too small for even one short bullet gets here with more.
  return notes.length <= limit ? notes : clip(notes, limit);
}

interface Entry {
  index: number;
  role: string | undefined;
  text: string;
  /** How many fact-carrying words it has: which messages to keep when not all fit. */
  score: number;
}

/**
 * A speaker label at the start of a line, in the usual transcript forms: `User:`,
 * `Assistant:`, `[user]`, `**User:**`, `### Assistant`, `Tool result (name):`.
 */
const LABEL =
  /^\s*(?:#{1,6}\s+)?(?:\*\*|__)?\[?\s*(user|human|assistant|tool(?:[ _-]?(?:result|use|call|output)s?)?|system)(?:\s*\([^)\n]*\))?\s*(?:\]\s*:?|(?:\*\*|__)?\s*:\s*(?:\*\*|__)?|:?\s*(?:\*\*|__)?\s*$)\s*/i;

/**
 * The lines Baton's renderer writes for tool blocks (condenseStages.renderForSummary):
 * `Assistant called tool NAME with {...}` and `Result of NAME (error): ...`.
 */
const TOOL_LINE = /^\s*(?:Assistant called tool\s|Result of\s[^:\n]{1,80}:)/;

/** A line with no letter or digit (rules, fences, stray brackets) carries nothing. */
const HAS_CONTENT = /[\p{L}\p{N}]/u;

/** The part's messages: a labelled line and the lines after it, or each line when nothing is labelled. */
function readEntries(part: string): Entry[] {
  const lines = part.split('\n');
  const labelled = lines.some((line) => LABEL.test(line));
  const raw: Array<{ role: string | undefined; lines: string[] }> = [];
  for (const line of lines) {
    const label = labelled ? LABEL.exec(line) : null;
    if (labelled && TOOL_LINE.test(line)) {
      raw.push({ role: 'Tool', lines: [line.trim().replace(/^Assistant called tool\s+/, 'called ')] });
    } else if (label) {
      raw.push({ role: roleName(label[1] ?? ''), lines: [line.slice(label[0].length)] });
    } else if (HAS_CONTENT.test(line)) {
      const current = raw.at(-1);
      if (labelled && current) current.lines.push(line);
      else raw.push({ role: undefined, lines: [line] });
    }
  }
  return raw
    .map(({ role, lines: texts }) => ({
      role,
      text: texts
        .filter((line) => HAS_CONTENT.test(line))
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    }))
    .filter((entry) => entry.text !== '')
    .map((entry, index) => ({ ...entry, index, score: scoreOf(entry.text) }));
}

function roleName(label: string): string {
  const lower = label.toLowerCase();
  if (lower === 'user' || lower === 'human') return 'User';
  if (lower === 'assistant') return 'Assistant';
  if (lower === 'system') return 'System';
  return 'Tool';
}

function prefix(entry: Entry): string {
  return entry.role === undefined ? '- ' : `- ${entry.role}: `;
}

/** How many fact-carrying words (paths, numbers, names) a text has, the surer kinds counting more. */
export function factScore(text: string): number {
  return scoreOf(text.replace(/\s+/g, ' ').trim());
}

function scoreOf(text: string): number {
  const words = text.split(' ');
  return words.reduce((sum, word, i) => sum + tier(word, words[i + 1]), 0);
}

/**
 * Splits `total` between items that want `wants[i]`: the small ones get all they want,
 * the rest share what is left evenly.
 */
function shareOut(wants: number[], total: number): number[] {
  const budgets = new Array<number>(wants.length).fill(0);
  let left = Math.max(0, total);
  const order = wants.map((want, i) => ({ want, i })).sort((a, b) => a.want - b.want || a.i - b.i);
  order.forEach(({ want, i }, n) => {
    const share = Math.min(want, Math.floor(left / (order.length - n)));
    budgets[i] = share;
    left -= share;
  });
  return budgets;
}

/** Words a note does without. */
const FILLER = new Set(
  (
    "a an the please could would can you your i i'm me my we our us it it's its is are was were be been " +
    'am to of for and so just really very quite that this these those there here then now also ' +
    "some ok okay sure thanks thank hi hello hey well oh right let's like maybe perhaps actually"
  ).split(' '),
);

/** 2: paths, numbers, ids, code; 1: names, constraint words, the word before a number; 0: the rest and filler. */
function tier(word: string, next: string | undefined): number {
  const bare = bareWord(word);
  if (FILLER.has(bare.toLowerCase())) return 0;
  if (/[\d/\\_@=`#~<>{}]|\w\.\w|\w-\w/.test(bare)) return 2;
  if (/^[A-Z]/.test(bare) || CONSTRAINT.test(bare)) return 1;
  if (next !== undefined && /^\d/.test(bareWord(next))) return 1;
  return 0;
}

const CONSTRAINT = /^(not|no|never|must|mustn't|don't|always|only|without|avoid|prefer|should)$/i;

function bareWord(word: string): string {
  return word.replace(/^[("'“‘[]+|[)"'”’\],.;:!?]+$/g, '');
}

/**
 * The text in at most `max` characters: whole if it fits; else whole sentences or
 * single words, whichever keeps more of the facts (sentences when it is a tie, as
 * they read better): without filler words, the most fact-carrying first and then as
 * many others as fit. Kept parts stay in their order, "…" marking what was left out.
 * A word is never cut, unless it alone is too long.
 */
function compress(text: string, max: number): string {
  if (max <= 0) return '';
  if (text.length <= max) return text;
  const words = text.split(' ').filter((word) => !FILLER.has(bareWord(word).toLowerCase()));
  const plain = words.join(' ');
  const byWords: Picked =
    plain.length <= max
      ? { text: plain, kept: scoreOf(plain) }
      : pick(
          words,
          words.map((word, i) => tier(word, words[i + 1])),
          max,
        );
  const sentences = text.split(/(?<=[.!?;])\s+/);
  if (sentences.length > 1) {
    const bySentences = pick(sentences, sentences.map(scoreOf), max);
    if (bySentences.text !== '' && bySentences.kept >= byWords.kept) return bySentences.text;
  }
  return byWords.text !== '' ? byWords.text : clip(plain, max);
}

interface Picked {
  text: string;
  /** The weight of what was kept. */
  kept: number;
}

/** The parts that fit in `max`, heaviest first (earliest on a tie), rendered in their order. */
function pick(parts: string[], weights: number[], max: number): Picked {
  const order = parts.map((_, i) => i).sort((a, b) => (weights[b] ?? 0) - (weights[a] ?? 0) || a - b);
  let chosen: number[] = [];
  let text = '';
  for (const i of order) {
    if (text.length >= max - 1) break;
    const trial = [...chosen, i].sort((a, b) => a - b);
    const rendered = render(parts, trial);
    if (rendered.length <= max) {
      chosen = trial;
      text = rendered;
    }
  }
  return { text, kept: chosen.reduce((sum, i) => sum + (weights[i] ?? 0), 0) };
}

/** The chosen words (indices in order), "…" marking each run of words left out. */
function render(words: string[], chosen: number[]): string {
  const out: string[] = [];
  let next = 0;
  for (const i of chosen) {
    if (i > next) out.push('…');
    out.push(words[i] ?? '');
    next = i + 1;
  }
  if (next < words.length) out.push('…');
  return out.join(' ');
}
