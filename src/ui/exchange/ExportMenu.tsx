import { useEffect, useRef, useState } from 'react';
import { type ExportFormat, exportOpenChain, exportOpenSession } from '../../state/actions/actions';
import { selectInChain } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import './exchange.css';

/** The status line's "Export" popover: the open session or its handoff chain, as JSONL or Markdown. */
export function ExportMenu() {
  const [open, setOpen] = useState(false);
  const hasEntries = useBaton((s) => s.entries.length > 0);
  const inChain = useBaton(selectInChain);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    first.current?.focus();
    // A click anywhere else closes it, as other popovers do.
    const onPointer = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false); // A DOM event's target is a Node.
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const run = (work: (format: ExportFormat) => Promise<void>, format: ExportFormat) => {
    setOpen(false);
    button.current?.focus();
    void work(format);
  };

  return (
    <div className="export-menu" ref={wrap}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-haspopup="dialog"
        disabled={!hasEntries}
        title={hasEntries ? undefined : 'Nothing to export yet'}
        onClick={() => setOpen((v) => !v)}
      >
        Export
      </button>
      {open && (
        <div
          className="export-popover"
          role="dialog"
          aria-label="Export"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
              button.current?.focus();
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
      )}
    </div>
  );
}
