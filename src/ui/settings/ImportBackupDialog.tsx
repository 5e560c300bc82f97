import { Dialog } from '../overlay/Dialog';

export type ImportAnswer = 'backup' | 'no-backup' | 'cancel';

/**
 * Asked before an import next to existing sessions: a backup of them first (a download),
 * the import alone, or nothing. Esc cancels. Offered, never forced.
 */
export function ImportBackupDialog({
  fileName,
  onAnswer,
}: {
  fileName: string;
  onAnswer(answer: ImportAnswer): void;
}) {
  return (
    <Dialog title="Back up before importing?" className="confirm-dialog" onClose={() => onAnswer('cancel')}>
      <p>
        Importing “{fileName}” adds sessions next to yours and overwrites none. A backup of your sessions as
        they are now can be downloaded first, in case you want them back the way they were.
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={() => onAnswer('cancel')}>
          Cancel import
        </button>
        <button type="button" onClick={() => onAnswer('no-backup')}>
          Import without backup
        </button>
        <button type="button" className="primary" onClick={() => onAnswer('backup')}>
          Back up first
        </button>
      </div>
    </Dialog>
  );
}
