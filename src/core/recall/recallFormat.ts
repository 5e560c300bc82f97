/**
 * The text the recall tool answers with, and its reading back for the chat. Both live
 * here so the chat's "Looked up" line can never drift from what the model was sent.
 * Each passage opens with a tag naming its session and a stable reference
 * `<sessionId>/<entryId>`, which the chat turns into a link to that message.
 */

export { RECALL_TOOL_NAME } from './recallToolName';

export interface RecallPassage {
  sessionId: string;
  sessionTitle: string;
  entryId: string;
  role: string;
  excerpt: string;
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/\n/g, ' ');
}

function unattr(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** Keeps a passage from closing its own tag early. */
function body(text: string): string {
  return text.replace(/<\/passage>/gi, '</passage\u200b>');
}

export function passageText(passage: RecallPassage, n: number): string {
  return [
    `<passage n="${n}" session="${attr(passage.sessionTitle)}" ref="${attr(`${passage.sessionId}/${passage.entryId}`)}" role="${attr(passage.role)}">`,
    body(passage.excerpt),
    '</passage>',
  ].join('\n');
}

/** A query is echoed only this long: the headline must stay small whatever was asked. */
const MAX_ECHO = 120;

export function recallHeadline(asked: string, count: number, left: number): string {
  const query = asked.length > MAX_ECHO ? `${asked.slice(0, MAX_ECHO - 1)}…` : asked;
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
      sessionTitle: unattr(title),
      sessionId: unattr(sessionId),
      entryId: unattr(entryId),
      role,
    });
  }
  return passages;
}
