/**
 * A tool_result's content as one string, for the places that read results as text (the
 * handoff transcript, search, the Markdown export, token estimates, the cards): text
 * blocks as they are, each image as a one-line mention of its type and size.
 */
import type { ToolResultContent } from './message';

/** The bytes a base64 string decodes to. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

export function imageMention(block: Extract<ToolResultContent, { type: 'image' }>): string {
  const bytes = base64Bytes(block.source.data);
  const size =
    bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `[image: ${block.source.media_type}, ${size}]`;
}

export function toolResultText(content: string | readonly ToolResultContent[]): string {
  if (typeof content === 'string') return content;
  return content.map((block) => (block.type === 'text' ? block.text : imageMention(block))).join('\n');
}
