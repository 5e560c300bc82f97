/** A message's words, as the handoff captures them and as a reader reads them. */
import type { Message, TextBlock } from './message';

/**
 * The reply as a reader reads it: adjacent text blocks are one text (the API splits text
 * at citation boundaries, mid-sentence), text blocks apart (around a tool call) are
 * paragraphs. textOf, with its newline between every block, stays the handoff's capture rule.
 */
export function displayText(
  message: Pick<Message, 'content'>,
  /** Text to put after a block's own (its citation marks, say). */
  after: (block: TextBlock) => string = () => '',
): string {
  let out = '';
  let adjacent = false;
  for (const block of message.content) {
    if (block.type !== 'text') {
      adjacent = false;
      continue;
    }
    const text = block.text + after(block);
    out += out && !adjacent ? `\n\n${text}` : text;
    adjacent = true;
  }
  return out;
}

export function textOf(message: Pick<Message, 'content'>): string {
  return message.content
    .filter((block): block is TextBlock => block.type === 'text')
    .map((block) => block.text)
    .join('\n');
}
