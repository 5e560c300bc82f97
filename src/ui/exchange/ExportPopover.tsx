import { useRef } from 'react';
import { type ExportFormat, exportOpenChain, exportOpenSession } from '../../state/actions/actions';
import { Popover } from '../overlay/Popover';

/** The Export menu's choices: the open session or its handoff chain, as JSONL or Markdown. */
export function ExportPopover({
  id,
  inChain,
  run,
  close,
}: {
  id: string;
  inChain: boolean;
  run(work: (format: ExportFormat) => Promise<void>, format: ExportFormat): void;
  close(): void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  return (
    <Popover
      id={id}
      label="Export"
      placement="below-end"
      className="export-popover"
      initialFocus={first}
      onClose={close}
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
    </Popover>
  );
}
