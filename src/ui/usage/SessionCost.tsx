import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { costSummary } from '../../core/usage/formatCost';
import { useSessionCost } from './useSessionCost';
import './usage.css';

// Loaded on first open: the first paint's JavaScript is kept small (bench P5).
const UsagePanel = lazy(() => import('./UsagePanel').then((m) => ({ default: m.UsagePanel })));

/**
 * The status line's cost so far, as a button that opens the session's usage. Its name
 * starts with "Session cost" and goes on with what it shows, so what is read out is what
 * is seen ("Session cost: $0.042").
 */
export function SessionCost() {
  const estimate = useSessionCost();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    // A click anywhere else closes it, as other popovers do; Esc is useGlobalKeys'.
    const onPointer = (event: PointerEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false); // A DOM event's target is a Node.
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div className="session-cost" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="session-cost-button"
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? panelId : undefined}
        title="Estimated cost of this session so far: click for its tokens"
        onClick={() => setOpen((v) => !v)}
      >
        <span className="visually-hidden">Session cost: </span>
        {estimate ? (
          costSummary(estimate)
        ) : (
          <>
            <span aria-hidden="true">…</span>
            <span className="visually-hidden">still counting</span>
          </>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <UsagePanel
            id={panelId}
            estimate={estimate}
            onDone={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
