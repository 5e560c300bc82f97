/**
 * The text the recall tool answers with, and its reading back for the chat. Both live
 * here so the chat's "Looked up" line can never drift from what the model was sent.
 * Each passage opens with a tag naming its session and a stable reference
 * `<sessionId>/<entryId>`, which the chat turns into a link to that message.
 */

import { inlineText } from '../untrusted/inlineText';
import { readAttributeText, untrustedBlock } from '../untrusted/untrustedBlock';

export { RECALL_TOOL_NAME } from './recallToolName';

export interface RecallPassage {
  sessionId: string;
  sessionTitle: string;
  entryId: string;
  role: string;
  excerpt: string;
}

/**
 * A passage in its wrapper: the excerpt and every attribute (the session's title is the
 * user's or the model's words) go through the shared rule, so no passage can end itself
 * early or forge another (core/untrusted).
 */
export function passageText(passage: RecallPassage, n: number): string {
  return untrustedBlock(
    'passage',
    {
      n: String(n),
      session: passage.sessionTitle,
      ref: `${passage.sessionId}/${passage.entryId}`,
      role: passage.role,
    },
    passage.excerpt,
  );
}

/** A query is echoed only this long: the headline must stay small whatever was asked. */
const MAX_ECHO = 120;

export function recallHeadline(asked: string, count: number, left: number): string {
  // The query is the model's, maybe steered by what it read: it must not open a passage.
  const clipped = asked.length > MAX_ECHO ? `${asked.slice(0, MAX_ECHO - 1)}…` : asked;
  const query = inlineText(clipped);
  const found =
    count === 0
      ? `No passages in the earlier sessions match "${query}".`
      : `${count} passage${count === 1 ? '' : 's'} from the earlier sessions for "${query}", best first.`;
  return left > 0 ? `${found} ${left} more left out to stay within the budget.` : found;
}

const TAG = /^<passage n="(\d+)" session="([^"]*)" ref="([^"/]*)\/([^"]*)" role="([^"]*)">$/;

/** The passages of a recall result as the chat shows them (their excerpts left out). */
export function readRecallResult(content: string): Omit<RecallPassage, 'excerpt'>[] {
  const passages: Omit<RecallPassage, 'excerpt'>[] = [];
  for (const line of content.split('\n')) {
    const match = TAG.exec(line);
    if (!match) continue;
    const [, , title = '', sessionId = '', entryId = '', role = ''] = match;
    passages.push({
      sessionTitle: readAttributeText(title),
      sessionId: readAttributeText(sessionId),
      entryId: readAttributeText(entryId),
      role,
    });
  }
  return passages;
}
