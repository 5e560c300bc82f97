/**
 * Reading the MCP connector's blocks (the API ran an MCP server's tool itself): the text
 * of a result for the handoff transcript, the token estimate and the card. The result's
 * content is the API's (a string or text blocks), kept as received; anything else in it
 * is left out rather than trusted.
 */
import type { McpToolResultBlock } from '../types/message';

export function connectorResultText(block: Pick<McpToolResultBlock, 'content'>): string {
  const { content } = block;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .flatMap((part: unknown) =>
      typeof part === 'object' &&
      part !== null &&
      'text' in part &&
      typeof (part as { text: unknown }).text === 'string'
        ? [(part as { text: string }).text]
        : [],
    )
    .join('\n');
}
