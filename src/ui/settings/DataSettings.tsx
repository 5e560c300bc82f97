import { useId, useRef, useState } from 'react';
import { exportEverything, type ImportOutcome, importFromText } from '../../state/actions/actions';
import '../exchange/exchange.css';

/**
 * Backup and import. Both act at once (not on Save): they touch the sessions, not the
 * settings draft. The outcome stays in the section until the next import.
 */
export function DataSettings() {
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const importFile = async (file: File) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await importFromText(await file.text()));
    } finally {
      setBusy(false);
      // The same file can be chosen again (it is imported again, as copies).
      if (input.current) input.current.value = '';
    }
  };

  return (
    <fieldset className="data-settings">
      <legend>Data</legend>
      <p id={helpId} className="muted">
        Import adds the sessions of a JSONL export or a backup next to yours and never overwrites one: a
        session that is already here is added again as a copy with a new id, and handoff links are kept.
        Restoring a backup works the same way. Either first downloads a backup of your current data. Settings
        in a backup are not applied. The API key is never in an export or a backup.
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={() => void exportEverything()}>
          Download backup
        </button>
      </div>
      <label>
        Import sessions
        <input
          ref={input}
          type="file"
          accept=".jsonl,.json,.txt,application/jsonl,application/json,text/plain"
          disabled={busy}
          aria-describedby={helpId}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void importFile(file);
          }}
        />
      </label>
      {busy && <p aria-live="polite">Importing…</p>}
      {outcome?.ok === true && (
        <p className="import-result" role="status">
          {outcome.message}
        </p>
      )}
      {outcome?.ok === false && (
        <div className="import-result field-error" role="alert">
          <p>{outcome.message}</p>
          {outcome.errors.length > 0 && (
            <ul className="import-errors">
              {outcome.errors.map((error) => (
                <li key={`${error.line}:${error.message}`}>
                  Line {error.line}: {error.message}
                </li>
              ))}
            </ul>
          )}
          {outcome.errorCount > outcome.errors.length && (
            <p>…and {outcome.errorCount - outcome.errors.length} more.</p>
          )}
        </div>
      )}
    </fieldset>
  );
}
