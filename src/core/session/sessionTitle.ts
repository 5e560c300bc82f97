/** How sessions are named: from their first message, and part by part along a handoff chain. */
import { filesOf } from '../attachments/attachmentTypes';
import type { Message } from '../types/message';
import { textOf } from '../types/messageText';
import { DEFAULT_SESSION_TITLE } from './sessionLog';
import { titleParts } from './titleParts';

const TITLE_LENGTH = 60;
/** A first sentence shorter than this says too little to stand for the session ("Hi."). */
const MIN_SENTENCE = 12;
/** A cut at a word boundary may give back at most this much of the allowed length. */
const MAX_WORD_GIVEBACK = 20;

/** Markdown marks that mean nothing in a one-line title: headings, quotes, list bullets, emphasis, links. */
function plainLine(line: string): string {
  return (
    line
      .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+\[[ xX]\]\s+|[-*+]\s+|\d+[.)]\s+)+/, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/`([^`]*)`/g, '$1')
      .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
      // Single * or _ only around a word, so snake_case and 2*3 stay as they are.
      .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=$|[\s).,;:!?])/g, '$1$2')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The first line with words in it, past fences and rules. */
function firstTextLine(text: string): string {
  for (const raw of text.split('\n')) {
    if (/^\s*(```|~~~|---+\s*$|\*\*\*+\s*$)/.test(raw)) continue;
    const line = plainLine(raw);
    if (line) return line;
  }
  return '';
}

/** The first sentence, when the line holds more than one and it says enough on its own. */
function firstSentence(line: string): string {
  const match = /^(.+?[.!?])\s+\S/.exec(line);
  const sentence = match?.[1];
  return sentence && sentence.length >= MIN_SENTENCE ? sentence : line;
}

/** Cut to the title length at a word boundary when there is one near the end; a hard cut otherwise. */
function cutAtWord(text: string): string {
  if (text.length <= TITLE_LENGTH) return text;
  const room = text.slice(0, TITLE_LENGTH - 1);
  const space = room.lastIndexOf(' ');
  const cut = space >= TITLE_LENGTH - 1 - MAX_WORD_GIVEBACK ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:–—-]+$/, '')}…`;
}

/**
 * A short title from a message's text: its first line with words in it, Markdown marks
 * stripped, its first sentence when a long line holds several, cut at a word boundary.
 * A first line that already fits is kept whole: it is usually the user's own headline.
 */
export function titleFromText(text: string): string {
  const line = firstTextLine(text);
  if (!line) return DEFAULT_SESSION_TITLE;
  return cutAtWord(line.length > TITLE_LENGTH ? firstSentence(line) : line);
}

/** A session's title from its first message: the first line of its text, else its first file's name. */
export function titleOfMessage(message: Message): string {
  const text = textOf(message);
  const file = filesOf(message.content)[0];
  return text.trim() === '' && file ? titleFromText(file.name) : titleFromText(text);
}

/**
 * A handoff child's title: the first line of its document's Goal, so the parts of a
 * chain read as what each set out to do rather than one repeated name; the parent's
 * name when the Goal says nothing. Numbered one past the parent's part:
 * "Plan the API" → "Ship the billing endpoints · part 2" → "… · part 3".
 */
export function handoffSessionTitle(parentTitle: string, goal = ''): string {
  const { name, part } = titleParts(parentTitle);
  const own = nameFromText(goal);
  return `${own === DEFAULT_SESSION_TITLE ? name : own} · part ${(part ?? 1) + 1}`;
}

/**
 * A title that is a name, not a sentence or a quotation (a handoff's Goal, the model's
 * answer when asked for a title): as titleFromText, and "Ship the release." loses its
 * full stop or a trailing comma, colon or semicolon (an ellipsis stays), “Ship the
 * release” or 'Ship the release' its quotation marks.
 */
export function nameFromText(text: string): string {
  const name = titleFromText(text)
    .replace(/^[“"'‘«„](.*)[”"'’»“]$/, '$1')
    .replace(/(?<!\.)[.,;:]$/, '')
    .trim();
  return name || DEFAULT_SESSION_TITLE;
}
