import { type RefObject, useEffect } from 'react';
import { type ExportFormat, exportOpenChain, exportOpenSession } from '../../state/actions/actions';

/** The Export menu's choices: the open session or its handoff chain, as JSONL or Markdown. */
export function ExportPopover({
  first,
  inChain,
  run,
  close,
}: {
  first: RefObject<HTMLButtonElement | null>;
  inChain: boolean;
  run(work: (format: ExportFormat) => Promise<void>, format: ExportFormat): void;
  close(): void;
}) {
  // Focus moves in once the popover is there (it may load on first open).
  useEffect(() => first.current?.focus(), [first]);
  return (
    <div
      className="export-popover"
      role="dialog"
      aria-label="Export"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          close();
        }
      }}
    >
      <p className="popover-help">This session (every branch in JSONL, the shown branch in Markdown):</p>
      <div className="export-row">
        <button ref={first} type="button" onClick={() => run(exportOpenSession, 'jsonl')}>
          Session as JSONL
        </button>
        <button type="button" onClick={() => run(exportOpenSession, 'md')}>
          Session as Markdown
        </button>
      </div>
      <p className="popover-help">
        {inChain
          ? 'Its whole handoff chain, from the first session on:'
          : 'Its handoff chain (this session has none yet, so the same):'}
      </p>
      <div className="export-row">
        <button type="button" onClick={() => run(exportOpenChain, 'jsonl')}>
          Chain as JSONL
        </button>
        <button type="button" onClick={() => run(exportOpenChain, 'md')}>
          Chain as Markdown
        </button>
      </div>
      <p className="popover-help">The API key is never in an export.</p>
    </div>
  );
}
