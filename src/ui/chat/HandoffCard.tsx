import { memo, useMemo } from 'react';
import { describeCondensing } from '../../core/handoff/describeCondensing';
import { readHandoffDetails } from '../../core/handoff/handoffDetails';
import type { CustomMessageEntry } from '../../core/types/entry';
import { openSession } from '../../state/actions/actions';
import { selectSessionTitle } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { Markdown } from '../markdown/Markdown';
import { type FoundCharacter, revealInvisibles, shownName } from '../text/revealInvisibles';
import { HandoffCardActions } from './HandoffCardActions';
import { estimateTokens, firstReplyTokens, formatTokens } from './handoffCardTokens';
import './handoffCard.css';
import { lazyPart } from '../lazyPart';

/** The document without the wrapper, for reading; the wrapper is for the model. */
export function handoffDocumentOf(entry: CustomMessageEntry): string {
  const details = readHandoffDetails(entry.details);
  if (details.document !== undefined) return details.document;
  const match = /^<handoff-context>\n([\s\S]*)\n<\/handoff-context>/.exec(entry.content);
  return match?.[1] ?? entry.content;
}

function SectionWarning({ missing, empty }: { missing: string[]; empty: string[] }) {
  if (missing.length === 0 && empty.length === 0) return null;
  return (
    <div className="handoff-sections-warning" role="note" aria-label="Section check">
      <strong>Check this document:</strong>
      {missing.length > 0 && <span> Missing sections: {missing.join(', ')}.</span>}
      {empty.length > 0 && <span> Empty sections: {empty.join(', ')}.</span>}
    </div>
  );
}

/** Says which invisible or direction-changing characters the document shows as ⟨U+XXXX⟩. */
function InvisiblesNote({ found }: { found: FoundCharacter[] }) {
  if (found.length === 0) return null;
  const total = found.reduce((sum, char) => sum + char.count, 0);
  const list = found.map((char) => `${char.code} ${char.name} (${char.count})`).join(', ');
  return (
    <p
      className="handoff-invisibles"
      role="note"
      aria-label="Hidden characters"
      title={`They change how the text reads without being seen: ${list}. Copy and Download keep them as they are.`}
    >
      <strong>Shown visibly:</strong> {total} invisible or direction-changing character
      {total === 1 ? '' : 's'}: {found.map((char) => `⟨${char.code}⟩ ${char.name}`).join(', ')}.
    </p>
  );
}

function TokenLine({ entry }: { entry: CustomMessageEntry }) {
  const before = readHandoffDetails(entry.details).tokensBefore;
  const measured = useBaton((s) => (s.entries[0]?.id === entry.id ? firstReplyTokens(s.entries) : undefined));
  const after = measured ?? estimateTokens(entry.content);
  return (
    <p className="handoff-tokens" data-testid="handoff-tokens">
      <span>Before: {before === undefined ? 'unknown' : `${formatTokens(before)} tokens`}</span>
      {' · '}
      <span>
        After:{' '}
        {measured === undefined
          ? `~${formatTokens(after)} tokens (estimate)`
          : `${formatTokens(after)} tokens (first reply)`}
      </span>
    </p>
  );
}

// The files list loads only for a handoff that had files (initial JS, bench P5).
const HandedOnFiles = lazyPart(() => import('./HandedOnFiles').then((m) => m.HandedOnFiles));

export const HandoffCard = memo(function HandoffCard({ entry }: { entry: CustomMessageEntry }) {
  const details = readHandoffDetails(entry.details);
  const parentId = details.parentSession;
  const parentTitle = useBaton(selectSessionTitle(parentId)) ?? details.parentTitle;
  const sessionTitle = useBaton(selectSessionTitle(entry.sessionId)) ?? 'session';
  const document = handoffDocumentOf(entry);
  // Read, not stored: the model gets the document as it is; the reader sees every trick in it.
  const revealed = useMemo(() => revealInvisibles(document), [document]);
  return (
    <article className="handoff-card" aria-label="Handoff document">
      <header className="handoff-card-header">
        <span className="handoff-badge">Handoff</span>
        {parentId && (
          <span>
            Continued from{' '}
            <button type="button" className="link-button" onClick={() => void openSession(parentId)}>
              {shownName(parentTitle ?? 'a deleted session')}
            </button>
          </span>
        )}
      </header>
      {details.sections && <SectionWarning {...details.sections} />}
      {details.condensed && describeCondensing(details.condensed) && (
        <p className="handoff-condensed" data-testid="handoff-condensed">
          {describeCondensing(details.condensed)}
        </p>
      )}
      <TokenLine entry={entry} />
      {parentId && details.attachments && <HandedOnFiles parentId={parentId} files={details.attachments} />}
      <InvisiblesNote found={revealed.found} />
      <HandoffCardActions document={document} sessionTitle={sessionTitle} />
      <Markdown text={revealed.text} />
    </article>
  );
});
