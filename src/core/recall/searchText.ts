/**
 * What of a stored entry can be searched: the user's and the model's text, each tool
 * call (its name and input) and tool result, and custom messages such as the handoff
 * document. Thinking and binary attachments are left out (signed, encrypted or bytes).
 */

import { isToolResultContent } from '../session/restoreRecords';
import { isCustomMessageEntry, isMessageEntry, type SessionEntry } from '../types/entry';
import { toolResultText } from '../types/toolResultText';

export type SearchableRole = 'user' | 'assistant' | 'tool' | 'handoff';

export interface SearchableEntry {
  entryId: string;
  sessionId: string;
  role: SearchableRole;
  text: string;
}

function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  try {
    return JSON.stringify(input) ?? '';
  } catch {
    return '';
  }
}

export function searchableEntry(entry: SessionEntry): SearchableEntry | undefined {
  if (isCustomMessageEntry(entry)) {
    if (entry.content.trim() === '') return undefined;
    return { entryId: entry.id, sessionId: entry.sessionId, role: 'handoff', text: entry.content };
  }
  if (!isMessageEntry(entry)) return undefined;
  const { message } = entry;
  // A reply still being written is indexed once it is done (its text would change).
  if (message.stopReason === 'streaming') return undefined;
  const parts: string[] = [];
  for (const block of message.content) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
    else if (block.type === 'tool_use' && 'name' in block)
      parts.push(`[${block.name}] ${inputText(block.input)}`);
    else if (block.type === 'tool_result' && 'content' in block && isToolResultContent(block.content))
      parts.push(toolResultText(block.content));
  }
  const text = parts.join('\n').trim();
  if (text === '') return undefined;
  const role: SearchableRole =
    message.role === 'toolResult' ? 'tool' : message.role === 'user' ? 'user' : 'assistant';
  return { entryId: entry.id, sessionId: entry.sessionId, role, text };
}
