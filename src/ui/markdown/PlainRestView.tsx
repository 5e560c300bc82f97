/**
 * The end of a message past its markdown budget (markdownBudget.ts): a one-line note,
 * then the text as it was written, preformatted, drawn so that no length costs a long
 * layout (PlainText).
 */
import { memo } from 'react';
import { PlainText } from '../text/PlainText';
import type { PlainRest } from './blockSplitter';
import type { BudgetReason } from './markdownBudget';

export const BUDGET_NOTES: Record<BudgetReason, string> = {
  depth: 'The rest is shown as plain text: it is nested too deeply to format.',
  blocks: 'The rest is shown as plain text: it has too many parts to format.',
  length: 'The rest is shown as plain text: it is too long to format.',
  markup: 'The rest is shown as plain text: it has too much markup to format.',
};

export const PlainRestView = memo(function PlainRestView({ rest }: { rest: PlainRest }) {
  return (
    <div className="markdown-block markdown-rest">
      <p className="markdown-rest-note" role="note">
        {BUDGET_NOTES[rest.reason]}
      </p>
      <pre className="markdown-rest-text">
        <PlainText text={rest.text} />
      </pre>
    </div>
  );
});
