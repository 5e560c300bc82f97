/**
 * A session's title written by the model after its first exchange, the way chat apps name
 * a chat after its first reply: whether a session gets one, what the model is shown, and
 * how its answer becomes a title. The request itself is titleRequest.ts. Loaded lazily,
 * once a first exchange has ended (nothing of it is in the first paint).
 */
import { filesOf } from '../attachments/attachmentTypes';
import { isMessageEntry, type SessionEntry, type SessionHeader } from '../types/entry';
import type { Message } from '../types/message';
import { textOf } from '../types/messageText';
import { DEFAULT_SESSION_TITLE } from './sessionLog';
import { nameFromText, titleOfMessage } from './sessionTitle';

/** How much of the user's message, and of the reply, the model is shown: enough for a title. */
export const TITLE_TEXT_LIMIT = 2000;

/** A title is at most six words; an answer much longer is not a title but a reply. */
const MAX_TITLE_WORDS = 12;

/** How replies end that are whole answers (not stopped, failed, refused or cut off by the window). */
const FINISHED: ReadonlySet<string> = new Set(['end_turn', 'max_tokens', 'stop_sequence']);

/** What a title is asked from: the first exchange, and the title it would replace. */
export interface FirstExchange {
  sessionId: string;
  /**
   * The title the session had from its first message. The model's title is stored only
   * while the session still has this one: a rename by the user, before or while the
   * request runs, always wins.
   */
  automatic: string;
  /** The first message: its text and the names of its files (never their bytes). */
  user: Message;
  /** The replies of the first run, tool rounds included, the last one finished. */
  replies: Message[];
}

/**
 * The first exchange of `branch`, when the session is to be named by the model: the branch
 * holds one message from the user and its run ended as replies do; the session was not
 * started by a handoff (its Goal names it: handoffSessionTitle); and its title is still
 * the one its first message gave it (not renamed by the user, nor named by the model
 * already, whose title differs from it). Undefined otherwise.
 */
export function firstExchangeToTitle(
  header: SessionHeader,
  branch: readonly SessionEntry[],
): FirstExchange | undefined {
  if (header.parentSession !== undefined) return undefined;
  const messages = branch.filter(isMessageEntry).map((entry) => entry.message);
  const users = messages.filter((message) => message.role === 'user');
  const user = users[0];
  if (!user || users.length !== 1) return undefined;
  const replies = messages.filter((message) => message.role === 'assistant');
  const last = messages[messages.length - 1];
  if (last?.role !== 'assistant' || !FINISHED.has(last.stopReason ?? '')) return undefined;
  const automatic = titleOfMessage(user);
  if (header.title !== automatic) return undefined;
  return { sessionId: header.id, automatic, user, replies };
}

/** What the model is asked to name: the model's own instruction is TITLE_SYSTEM_PROMPT. */
export const TITLE_SYSTEM_PROMPT =
  'You name conversations. Answer with a title of at most 6 words for the conversation you are given, ' +
  'in the language of its user message. Answer with the title alone: no quotes, no Markdown, ' +
  'no trailing punctuation, no explanation.';

/** The request's one message: the user's text and the start of the reply, each cut to TITLE_TEXT_LIMIT. */
export function titlePrompt(exchange: FirstExchange): string {
  const files = filesOf(exchange.user.content).map((file) => file.name);
  const userText = [cut(textOf(exchange.user)), files.length > 0 ? `(Attached: ${files.join(', ')})` : '']
    .filter(Boolean)
    .join('\n');
  const reply = cut(
    exchange.replies
      .map((message) => textOf(message).trim())
      .filter(Boolean)
      .join('\n\n'),
  );
  return [
    '<user_message>',
    userText,
    '</user_message>',
    '<assistant_reply>',
    reply,
    '</assistant_reply>',
    'Write the title of this conversation.',
  ].join('\n');
}

function cut(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= TITLE_TEXT_LIMIT ? trimmed : `${trimmed.slice(0, TITLE_TEXT_LIMIT)}…`;
}

/**
 * The model's answer as a title: its first line with words (past a lead-in such as
 * "Here is a title:"), without a "Title:" label, Markdown marks, quotation marks or a
 * trailing full stop, cut to the titles' length; the key taken out. Undefined for an
 * answer that is no title: empty, the default name, or a sentence-long reply.
 */
export function cleanGeneratedTitle(answer: string, redact: (text: string) => string): string | undefined {
  const lines = answer.split('\n').filter((line) => /[\p{L}\p{N}]/u.test(line));
  // "Here is a title:" followed by the title on the next line.
  const line = lines.length > 1 && /:\s*$/.test(lines[0] ?? '') ? lines[1] : lines[0];
  if (line === undefined) return undefined;
  const unlabelled = line.replace(/^[*_#\s]*title\s*:[*_\s]*/i, '');
  if (unlabelled.trim().split(/\s+/).length > MAX_TITLE_WORDS) return undefined;
  const title = nameFromText(redact(unlabelled));
  if (!/[\p{L}\p{N}]/u.test(title) || title === DEFAULT_SESSION_TITLE) return undefined;
  return title;
}
