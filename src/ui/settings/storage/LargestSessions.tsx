import { useCallback, useEffect, useState } from 'react';
import { formatBytes } from '../../../core/attachments/attachmentLimits';
import {
  deleteSession,
  openSession,
  openSettings,
  readSessionSizes,
  type SessionSize,
} from '../../../state/actions/actions';
import { useBaton } from '../../../state/store/useBaton';
import { ConfirmDialog } from '../../ConfirmDialog';
import { shownName } from '../../text/revealInvisibles';

/** How many sessions the list shows: enough to find what to delete, short enough to read. */
const SHOWN = 5;

function sizeText(size: SessionSize): string {
  return size.fileBytes > 0
    ? `${formatBytes(size.bytes)}, files ${formatBytes(size.fileBytes)}`
    : formatBytes(size.bytes);
}

/** The sessions that take the most space, attached files counted, each to open or delete. */
export function LargestSessions({ onDeleted }: { onDeleted: () => void }) {
  const headers = useBaton((s) => s.sessions);
  const [sizes, setSizes] = useState<SessionSize[] | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const measure = useCallback(() => {
    readSessionSizes().then(setSizes, () => setSizes([]));
  }, []);
  // Measured at each opening of Settings (the dialog stays mounted between them).
  const open = useBaton((s) => s.settingsOpen);
  useEffect(() => {
    if (open) measure();
  }, [open, measure]);

  const titleOf = (id: string) => shownName(headers.find((h) => h.id === id)?.title || 'Untitled session');
  // Only sessions still listed: one deleted meanwhile (here or in another tab) is not offered.
  const rows = (sizes ?? []).filter((size) => headers.some((h) => h.id === size.sessionId)).slice(0, SHOWN);
  return (
    <div className="largest-sessions">
      <h3 id="largest-sessions-heading">Largest sessions</h3>
      {sizes === null && <p className="muted">Measuring…</p>}
      {sizes !== null && rows.length === 0 && <p className="muted">No sessions stored yet.</p>}
      {rows.length > 0 && (
        <ul aria-labelledby="largest-sessions-heading">
          {rows.map((size) => {
            const title = titleOf(size.sessionId);
            return (
              <li key={size.sessionId}>
                <span className="session-size-title">{title}</span>
                <span className="session-size">{sizeText(size)}</span>
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Open “${title}”`}
                  onClick={() => {
                    openSettings(false);
                    void openSession(size.sessionId);
                  }}
                >
                  Open
                </button>
                <button
                  type="button"
                  className="link-button danger"
                  aria-label={`Delete “${title}”`}
                  onClick={() => setDeleting({ id: size.sessionId, title })}
                >
                  Delete
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete session?"
          message={`"${deleting.title}" and all its messages and files will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={() => {
            const { id } = deleting;
            setDeleting(null);
            void deleteSession(id).then(() => {
              measure();
              onDeleted();
            });
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
