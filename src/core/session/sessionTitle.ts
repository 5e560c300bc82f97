/** How sessions are named: from their first message, and part by part along a handoff chain. */
import { filesOf } from '../attachments/attachmentTypes';
import type { Message } from '../types/message';
import { textOf } from '../types/messageText';
import { DEFAULT_SESSION_TITLE } from './sessionLog';

const TITLE_LENGTH = 60;

export function titleFromText(text: string): string {
  const line = text.trim().split('\n')[0]?.trim() ?? '';
  if (!line) return DEFAULT_SESSION_TITLE;
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…` : line;
}

/** A session's title from its first message: the first line of its text, else its first file's name. */
export function titleOfMessage(message: Message): string {
  const text = textOf(message);
  const file = filesOf(message.content)[0];
  return text.trim() === '' && file ? titleFromText(file.name) : titleFromText(text);
}

/** "Plan the API" → "Plan the API · part 2" → "Plan the API · part 3". */
export function handoffSessionTitle(parentTitle: string): string {
  const match = /^(.*) · part (\d+)$/.exec(parentTitle);
  return match ? `${match[1]} · part ${Number(match[2]) + 1}` : `${parentTitle} · part 2`;
}
