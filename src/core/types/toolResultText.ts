/**
 * A tool_result's content as one string, for the places that read results as text (the
 * handoff transcript, search, the Markdown export, token estimates, the cards): text
 * blocks as they are, each image as a one-line mention of its type and size.
 */
import type { ToolResultContent } from './message';

const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether stored data is a tool_result's content Baton can read: text, or text and image blocks. */
export function isToolResultContent(value: unknown): value is string | ToolResultContent[] {
  if (typeof value === 'string') return true;
  if (!Array.isArray(value)) return false;
  return value.every(
    (block) =>
      isObject(block) &&
      ((block.type === 'text' && typeof block.text === 'string') ||
        (block.type === 'image' &&
          isObject(block.source) &&
          block.source.type === 'base64' &&
          typeof block.source.media_type === 'string' &&
          IMAGE_TYPES.has(block.source.media_type) &&
          typeof block.source.data === 'string')),
  );
}

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

/** A result's text blocks alone, joined (its images left out); a text result as it is. */
export function toolResultTextBlocks(content: string | readonly ToolResultContent[]): string {
  if (typeof content === 'string') return content;
  return content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

/** The images of a result, in order; none for a text result. */
export function toolResultImages(
  content: string | readonly ToolResultContent[],
): Extract<ToolResultContent, { type: 'image' }>[] {
  if (typeof content === 'string') return [];
  return content.filter(
    (block): block is Extract<ToolResultContent, { type: 'image' }> => block.type === 'image',
  );
}
