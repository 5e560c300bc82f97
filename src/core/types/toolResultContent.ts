/**
 * A tool_result's content as the first load reads it: its text blocks and its images (the
 * token estimate). Whether stored data is content Baton can read is restoreRecords.ts's.
 * What turns a result into one text with its images mentioned is toolResultText.ts, which
 * only later chunks need.
 */
import type { ToolResultContent } from './message';

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
