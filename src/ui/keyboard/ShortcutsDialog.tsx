import { Dialog } from '../overlay/Dialog';
import { SHORTCUTS } from './shortcuts';
import './shortcuts.css';

/** The `?` list, in a modal dialog; the focus goes back where it was on close. */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog title="Keyboard shortcuts" className="shortcuts-dialog" onClose={onClose}>
      <dl className="shortcut-list">
        {SHORTCUTS.map((s) => (
          <div key={s.keys} className="shortcut">
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{s.action}</dd>
          </div>
        ))}
      </dl>
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
