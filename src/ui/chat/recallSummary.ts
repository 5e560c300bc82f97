/** The chat's one-line account of a recall call, from its input and its result. */

import { isRecord } from '../../core/isRecord';
import type { RecallPassage } from '../../core/recall/recallFormat';
import type { SessionEntry } from '../../core/types/entry';

export function recallQuery(input: unknown): string {
  return isRecord(input) && typeof input.query === 'string' ? input.query : '';
}

/** "3 passages from Plan the API", or "… from Plan the API and Plan the API · part 2". */
export function passagesPhrase(passages: readonly Omit<RecallPassage, 'excerpt'>[]): string {
  if (passages.length === 0) return 'nothing found';
  const titles = [...new Set(passages.map((p) => p.sessionTitle))];
  const from =
    titles.length === 1 ? titles[0] : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1) ?? ''}`;
  return `${passages.length} passage${passages.length === 1 ? '' : 's'} from ${from}`;
}

/** The result of the tool call `toolUseId` in a branch, if it has come back yet. */
export function toolResultText(entries: readonly SessionEntry[], toolUseId: string): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry?.type !== 'message' || !('message' in entry)) continue;
    const { message } = entry as Extract<SessionEntry, { type: 'message'; message: unknown }>;
    for (const block of message.content)
      if (block.type === 'tool_result' && 'tool_use_id' in block && block.tool_use_id === toolUseId)
        return typeof block.content === 'string' ? block.content : undefined;
  }
  return undefined;
}
