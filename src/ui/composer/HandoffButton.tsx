import { useEffect, useRef, useState } from 'react';
import { startHandoff } from '../../state/actions';
import { useBaton } from '../../state/useBaton';

/** "Hand off" opens a small popover with an optional focus; Enter starts. */
export function HandoffButton() {
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState('');
  const handoffActive = useBaton(
    (s) => s.handoff.status === 'generating' || s.handoff.status === 'switching',
  );
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const start = () => {
    const text = focus;
    setOpen(false);
    setFocus('');
    void startHandoff(text);
  };

  return (
    <div className="handoff-button-wrap">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-haspopup="dialog"
        disabled={handoffActive}
        onClick={() => setOpen((v) => !v)}
      >
        Hand off
      </button>
      {open && (
        <div
          className="popover"
          role="dialog"
          aria-label="Hand off to a new session"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close();
            }
          }}
        >
          <label>
            Focus (optional)
            <input
              ref={input}
              value={focus}
              placeholder="e.g. the billing API"
              onChange={(e) => setFocus(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  start();
                }
              }}
            />
          </label>
          <p className="popover-help">The model writes a handoff document; a new session starts from it.</p>
          <div className="dialog-actions">
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button type="button" className="primary" onClick={start}>
              Start handoff
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
