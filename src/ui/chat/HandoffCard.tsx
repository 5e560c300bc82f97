import { memo } from 'react';
import type { CustomMessageEntry } from '../../core/session/types';
import { openSession } from '../../state/actions';
import { useBaton } from '../../state/useBaton';
import { Markdown } from '../markdown/Markdown';

interface HandoffDetails {
  document?: string;
  parentSession?: string;
  parentTitle?: string;
}

/** The document without the wrapper, for reading; the wrapper is for the model. */
export function handoffDocumentOf(entry: CustomMessageEntry): string {
  const details = (entry.details ?? {}) as HandoffDetails;
  if (typeof details.document === 'string') return details.document;
  const match = /^<handoff-context>\n([\s\S]*)\n<\/handoff-context>/.exec(entry.content);
  return match?.[1] ?? entry.content;
}

export const HandoffCard = memo(function HandoffCard({ entry }: { entry: CustomMessageEntry }) {
  const details = (entry.details ?? {}) as HandoffDetails;
  const parentId = details.parentSession;
  const parentTitle =
    useBaton((s) => s.sessions.find((h) => h.id === parentId)?.title) ?? details.parentTitle;
  return (
    <article className="handoff-card" aria-label="Handoff document">
      <header className="handoff-card-header">
        <span className="handoff-badge">Handoff</span>
        {parentId && (
          <span>
            Continued from{' '}
            <button type="button" className="link-button" onClick={() => void openSession(parentId)}>
              {parentTitle ?? 'a deleted session'}
            </button>
          </span>
        )}
      </header>
      <Markdown text={handoffDocumentOf(entry)} />
    </article>
  );
});
