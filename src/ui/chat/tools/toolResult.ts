import type { SessionEntry } from '../../../core/types/entry';
import type { ToolResultBlock } from '../../../core/types/message';
import { toolResultTextBlocks } from '../../../core/types/toolResultContent';

/** The result of the tool call `toolUseId` in a branch, if it has come back yet. */
export function toolResultOf(
  entries: readonly SessionEntry[],
  toolUseId: string,
): ToolResultBlock | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry?.type !== 'message' || !('message' in entry)) continue;
    const { message } = entry as Extract<SessionEntry, { type: 'message'; message: unknown }>;
    for (const block of message.content)
      if (block.type === 'tool_result' && 'tool_use_id' in block && block.tool_use_id === toolUseId)
        return block;
  }
  return undefined;
}

/** The text of that result (its images left out); undefined until it has come back. */
export function toolResultText(entries: readonly SessionEntry[], toolUseId: string): string | undefined {
  const content = toolResultOf(entries, toolUseId)?.content;
  return content === undefined ? undefined : toolResultTextBlocks(content);
}
