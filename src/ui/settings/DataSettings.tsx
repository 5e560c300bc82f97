import { useId, useRef, useState } from 'react';
import { exportEverything, type ImportOutcome, importFromText } from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';
import '../exchange/exchange.css';
import { ImportBackupDialog } from './ImportBackupDialog';

/**
 * Backup and import, side by side. Both act at once (not on Save): they touch the
 * sessions, not the settings draft. Importing next to sessions already here first asks
 * whether to download a backup of them. The outcome stays until the next import.
 */
export function DataSettings() {
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [asking, setAsking] = useState<File | null>(null);
  // Something to lose: a session with at least one entry. An empty browser is not asked.
  const hasData = useBaton((s) => s.sessions.some((header) => header.leafId !== null));

  const reset = () => {
    // The same file can be chosen again (it is imported again, as copies).
    if (input.current) input.current.value = '';
  };

  const importFile = async (file: File, backup: boolean) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await importFromText(await file.text(), { backup }));
    } finally {
      setBusy(false);
      reset();
    }
  };

  return (
    <fieldset className="data-settings">
      <legend>Data</legend>
      <p id={helpId} className="muted">
        A backup is every session in one file. Import adds the sessions of a JSONL export or a backup next to
        yours and never overwrites one: a session that is already here is added again as a copy with a new id,
        and handoff links are kept. Settings in a backup are not applied. The API key is never in an export or
        a backup.
      </p>
      <div className="data-actions">
        <button type="button" onClick={() => void exportEverything()}>
          Download backup
        </button>
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
              if (!file) return;
              if (hasData) setAsking(file);
              else void importFile(file, true);
            }}
          />
        </label>
      </div>
      {asking && (
        <ImportBackupDialog
          fileName={asking.name}
          onAnswer={(answer) => {
            setAsking(null);
            if (answer === 'cancel') reset();
            else void importFile(asking, answer === 'backup');
          }}
        />
      )}
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
