/**
 * A session's branch as a Markdown transcript for people to read: title, dates,
 * lineage, then the turns. Message text is kept as written (assistant replies are
 * Markdown already). Tool calls and results are summarised in a line each; custom
 * messages the chat hides (`display: false`) and entry kinds we do not know are left
 * out, as in the chat. The API key's text is replaced wherever it occurs.
 */

import { describeAttachment } from '../attachments/attachmentText';
import { HANDOFF_CUSTOM_TYPE, HANDOFF_PROMPT_MARKER } from '../handoff/handoffMarkers';
import { isRecord } from '../isRecord';
import { redactSecret } from '../redactSecret';
import { isToolResultContent } from '../session/restoreRecords';
import type { AttachmentBlock } from '../types/attachment';
import {
  type CustomMessageEntry,
  isCustomMessageEntry,
  isMessageEntry,
  type SessionEntry,
  type SessionHeader,
} from '../types/entry';
import type { ContentBlock, Message } from '../types/message';
import { textOf } from '../types/messageText';
import { toolResultText } from '../types/toolResultText';
import { formatTime } from './formatTime';

export interface MarkdownExportOptions {
  /** Titles of other sessions by id, for the "Continued from" and "Handed off to" lines. */
  sessionTitles?: ReadonlyMap<string, string>;
  /** The API key (or any secret) to keep out of the file. */
  secret?: string;
}

/** How much of a tool's input or result a summary line shows. */
const SUMMARY_LENGTH = 160;

export function exportSessionMarkdown(
  header: SessionHeader,
  branch: readonly SessionEntry[],
  options: MarkdownExportOptions = {},
): string {
  const titles = options.sessionTitles ?? new Map<string, string>();
  const sessionName = (id: string) => {
    const title = titles.get(id);
    return title === undefined ? `a session no longer here (${id})` : `“${oneLine(title)}”`;
  };

  const facts = [
    `- Created: ${formatTime(header.createdAt)}`,
    `- Last updated: ${formatTime(header.updatedAt)}`,
  ];
  if (header.model) facts.push(`- Model: ${header.model}`);
  if (header.parentSession !== undefined) facts.push(`- Continued from ${sessionName(header.parentSession)}`);
  if (header.children.length > 0)
    facts.push(`- Handed off to ${header.children.map(sessionName).join(', ')}`);

  const sections = [`# ${oneLine(header.title) || 'Untitled session'}`, facts.join('\n'), '---'];
  const toolNames = new Map<string, string>();
  for (const entry of branch) {
    const section = renderEntry(entry, toolNames);
    if (section) sections.push(section);
  }
  return redactSecret(`${sections.join('\n\n')}\n`, options.secret);
}

function renderEntry(entry: SessionEntry, toolNames: Map<string, string>): string | undefined {
  if (isMessageEntry(entry)) return renderMessage(entry.message, toolNames);
  if (isCustomMessageEntry(entry) && entry.display) return renderCustom(entry);
  return undefined;
}

function renderMessage(message: Message, toolNames: Map<string, string>): string | undefined {
  if (message.role === 'toolResult') {
    const lines = message.content.map((block) => summariseBlock(block, toolNames)).filter(isText);
    return lines.length > 0 ? lines.join('\n') : undefined;
  }
  if (message.role === 'user') {
    const text = textOf(message);
    if (text.startsWith(HANDOFF_PROMPT_MARKER)) return renderHandoffRequest(text);
    const extras = message.content.map((block) => summariseBlock(block, toolNames)).filter(isText);
    return joinParts(['## You', text, extras.join('\n')]);
  }
  const parts = ['## Assistant'];
  // Text and tool calls in the order the model wrote them.
  for (const block of message.content) {
    parts.push(block.type === 'text' ? asText(block.text) : (summariseBlock(block, toolNames) ?? ''));
  }
  parts.push(stopNote(message) ?? '');
  return joinParts(parts);
}

/** The long handoff instruction is ours, not the user's words: say what it asked. */
function renderHandoffRequest(text: string): string {
  const focus = /\nAdditional focus: ([^\n]*)$/.exec(text)?.[1];
  const asked = '_Asked for a handoff document._';
  return joinParts(['## You', focus ? `${asked} Focus: ${focus}` : asked]);
}

function renderCustom(entry: CustomMessageEntry): string {
  if (entry.customType === HANDOFF_CUSTOM_TYPE) {
    return joinParts(['## Handoff document', quote(handoffDocumentOf(entry))]);
  }
  return joinParts([`## Note (${oneLine(entry.customType)})`, quote(entry.content)]);
}

/** The document without the model-facing wrapper, as the handoff card shows it. */
function handoffDocumentOf(entry: CustomMessageEntry): string {
  const details = entry.details;
  if (typeof details === 'object' && details !== null) {
    const document: unknown = (details as { document?: unknown }).document; // Only this field is read.
    if (typeof document === 'string') return document;
  }
  const wrapped = /^<handoff-context>\n([\s\S]*)\n<\/handoff-context>/.exec(entry.content);
  return wrapped?.[1] ?? entry.content;
}

/** One line for a block that is not plain text; undefined for plain text. */
function summariseBlock(block: ContentBlock, toolNames: Map<string, string>): string | undefined {
  switch (block.type) {
    case 'text':
      return undefined;
    case 'tool_use':
      toolNames.set(block.id, block.name);
      return `> **Tool call** \`${oneLine(asText(block.name))}\`: ${shorten(asText(block.input))}`;
    case 'attachment':
      return attachmentLine(block);
    case 'tool_result': {
      const name = toolNames.get(block.tool_use_id);
      const label = block.is_error ? 'Tool error' : 'Tool result';
      const of = name === undefined ? '' : ` of \`${oneLine(name)}\``;
      return `> **${label}**${of}: ${shorten(isToolResultContent(block.content) ? toolResultText(block.content) : asText(block.content))}`;
    }
    default:
      // Thinking, images and other blocks kept from the API are not shown in the chat either.
      return `> _(${oneLine(String((block as { type: unknown }).type))} block not shown)_`;
  }
}

/**
 * "- 📎 photo.png (image, 1200×800, 340 KB)": the file named, not included (a
 * transcript is text; the JSONL export carries the bytes). A list item, so several
 * files stay one per line.
 */
function attachmentLine(block: AttachmentBlock): string {
  const ref: unknown = block.attachment; // Stored data may be damaged: checked before use.
  if (!isRecord(ref) || typeof ref.name !== 'string') return '- 📎 _(an attached file)_';
  return `- 📎 ${oneLine(describeAttachment(block.attachment))}`;
}

function stopNote(message: Message): string | undefined {
  switch (message.stopReason) {
    case 'aborted':
      return '_(Stopped before the reply was finished.)_';
    case 'interrupted':
      return '_(Cut off: the page was closed or reloaded while the reply was being written.)_';
    case 'streaming':
      return '_(Still being written when this was exported.)_';
    case 'max_tokens':
      return '_(Cut off at the length limit.)_';
    case 'error':
      return `_(Error: ${oneLine(message.errorMessage ?? 'the reply failed')})_`;
    default:
      return undefined;
  }
}

function joinParts(parts: readonly string[]): string {
  return parts.filter((part) => part.trim() !== '').join('\n\n');
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shorten(text: string): string {
  const line = oneLine(text);
  return line.length > SUMMARY_LENGTH ? `${line.slice(0, SUMMARY_LENGTH - 1)}…` : line;
}

/** Stored data may be older or damaged: a field typed as text is shown whatever it holds. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function isText(value: string | undefined): value is string {
  return value !== undefined;
}
