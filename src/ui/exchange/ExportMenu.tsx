import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ExportFormat } from '../../state/actions/actions';
import { selectInChain } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import './exchange.css';

// The popover's content loads on first open (initial JS, bench P5).
const ExportPopover = lazy(() => import('./ExportPopover').then((m) => ({ default: m.ExportPopover })));

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
    // A click anywhere else closes it, as other popovers do.
    const onPointer = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false); // A DOM event's target is a Node.
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const run = (work: (format: ExportFormat) => Promise<void>, format: ExportFormat) => {
    close();
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
        <Suspense fallback={null}>
          <ExportPopover first={first} inChain={inChain} run={run} close={close} />
        </Suspense>
      )}
    </div>
  );
}
