import { useEffect, useId, useRef, useState } from 'react';
import { saveSettings, startHandoff } from '../../state/actions/actions';
import { selectCurrentModel, selectHandoffActive, selectRecentModels } from '../../state/store/selectors';
import { useBaton, useBatonShallow } from '../../state/store/useBaton';

/** "Hand off" opens a small popover with an optional focus and the new session's model; Enter starts. */
export function HandoffButton() {
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState('');
  const [model, setModel] = useState('');
  const suggestionsId = useId();
  const current = useBaton(selectCurrentModel);
  const suggestions = useBatonShallow(selectRecentModels);
  const settings = useBaton((s) => s.settings);
  const handoffActive = useBaton(selectHandoffActive);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const toggle = () => {
    // Each opening starts from the model in use now.
    if (!open) setModel(current);
    setOpen(!open);
  };

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const start = () => {
    const text = focus;
    setOpen(false);
    setFocus('');
    void startHandoff(text, model.trim() !== current ? { model } : {});
  };
  const startOnEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      start();
    }
  };

  return (
    <div className="handoff-button-wrap">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-haspopup="dialog"
        disabled={handoffActive}
        onClick={toggle}
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
              onKeyDown={startOnEnter}
            />
          </label>
          <label>
            Model for the new session
            <input
              value={model}
              list={suggestionsId}
              autoComplete="off"
              onChange={(e) => setModel(e.target.value)}
              onKeyDown={startOnEnter}
            />
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={settings.sendPendingAfterHandoff}
              // A setting, so a typed /handoff follows the same choice.
              onChange={(e) => void saveSettings({ ...settings, sendPendingAfterHandoff: e.target.checked })}
            />
            Send my pending request after the handoff
          </label>
          <datalist id={suggestionsId}>
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
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
