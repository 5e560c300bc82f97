/** The chat's one-line account of a recall call, from its input and its result. */

import { isRecord } from '../../../core/isRecord';
import type { RecallPassage } from '../../../core/recall/recallFormat';
import { shownName } from '../../text/revealInvisibles';

export function recallQuery(input: unknown): string {
  return isRecord(input) && typeof input.query === 'string' ? input.query : '';
}

/** "3 passages from Plan the API", or "… from Plan the API and Plan the API · part 2". */
export function passagesPhrase(passages: readonly Omit<RecallPassage, 'excerpt'>[]): string {
  if (passages.length === 0) return 'nothing found';
  const titles = [...new Set(passages.map((p) => shownName(p.sessionTitle)))];
  const from =
    titles.length === 1 ? titles[0] : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1) ?? ''}`;
  return `${passages.length} passage${passages.length === 1 ? '' : 's'} from ${from}`;
}
