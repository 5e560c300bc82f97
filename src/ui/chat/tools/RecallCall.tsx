/**
 * A recall call in the chat: "Looked up: <query> — 3 passages from <session>", with a
 * link to each passage's message in the earlier session (opened scrolled to it).
 */
import { readRecallResult } from '../../../core/recall/recallFormat';
import { openSessionAt } from '../../../state/actions/actions';
import { useBaton } from '../../../state/store/useBaton';
import { shownName } from '../../text/revealInvisibles';
import { passagesPhrase, recallQuery } from './recallSummary';
import type { ToolCallProps } from './toolRenderer';
import { toolResultText } from './toolResult';

const ROLE_LABEL: Record<string, string> = {
  user: 'your message',
  assistant: 'a reply',
  tool: 'a tool result',
  handoff: 'the handoff document',
};

export function RecallCall({ call }: ToolCallProps) {
  const result = useBaton((state) => toolResultText(state.entries, call.id));
  // The query and the titles are the model's and the sessions' words: shown as they are.
  const query = shownName(recallQuery(call.input));
  const passages = result === undefined ? undefined : readRecallResult(result);
  return (
    <div className="tool-call recall-call">
      <div>
        Looked up: <q>{query}</q>
        {passages === undefined ? ' …' : ` — ${passagesPhrase(passages)}`}
      </div>
      {passages && passages.length > 0 && (
        <ol className="recall-passages" aria-label={`Passages for ${query}`}>
          {passages.map((passage) => (
            <li key={`${passage.sessionId}/${passage.entryId}`}>
              <button
                type="button"
                className="link-button"
                onClick={() => void openSessionAt(passage.sessionId, passage.entryId)}
              >
                {shownName(passage.sessionTitle)}: {ROLE_LABEL[passage.role] ?? 'a message'}
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
