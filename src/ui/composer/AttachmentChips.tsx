import { formatBytes, RECOMMENDED_IMAGE_EDGE } from '../../core/attachments/attachmentLimits';
import {
  dismissAttachmentRefusals,
  removeAttachment,
  setKeepOriginalSize,
} from '../../state/actions/actions';
import type { PendingAttachment } from '../../state/attachments/pendingAttachment';
import { useBaton } from '../../state/store/useBaton';
import { shownName, shownText } from '../text/revealInvisibles';
import '../attachments/attachments.css';
import { FileIcon } from '../attachments/fileIcons';
import { useObjectUrl } from '../attachments/useObjectUrl';

function pageCount(pages: number | undefined): string {
  if (pages === undefined) return 'pages unknown';
  return `${pages} page${pages === 1 ? '' : 's'}`;
}

function Chip({ pending }: { pending: PendingAttachment }) {
  const { record } = pending;
  const url = useObjectUrl(record.kind === 'image' ? record.data : undefined);
  const detail =
    record.kind === 'image'
      ? `${record.width}×${record.height}${record.original ? ` (from ${record.original.width}×${record.original.height})` : ''}`
      : record.kind === 'pdf'
        ? pageCount(record.pages)
        : formatBytes(record.size);
  return (
    <li className={`attachment-chip attachment-chip-${record.kind}`}>
      {record.kind === 'image' ? (
        <span className="chip-thumb">{url && <img src={url} alt="" />}</span>
      ) : (
        <FileIcon kind={record.kind} />
      )}
      <span className="chip-name">{shownName(record.name)}</span>
      <span className="chip-detail">{detail}</span>
      <button
        type="button"
        className="icon-button"
        aria-label={`Remove ${shownName(record.name)}`}
        onClick={() => removeAttachment(record.id)}
      >
        ×
      </button>
    </li>
  );
}

/** The files going with the next message, files still being read, and why any were refused. */
export function AttachmentChips() {
  const pending = useBaton((s) => s.pendingAttachments);
  const reading = useBaton((s) => s.readingAttachments);
  const refusals = useBaton((s) => s.attachmentRefusals);
  const keepOriginal = useBaton((s) => s.keepOriginalSize);
  const scaled = pending.some((p) => p.original !== undefined);
  if (pending.length === 0 && reading === 0 && refusals.length === 0) return null;
  return (
    <div className="attachments-pending">
      {refusals.length > 0 && (
        <div className="attachment-refusals" role="alert">
          {refusals.map((sentence, index) => (
            // The same file given twice is refused twice, in the same words.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list only ever grows or is cleared whole.
            <p key={index}>{shownText(sentence)}</p>
          ))}
          <button type="button" className="link-button" onClick={() => dismissAttachmentRefusals()}>
            Dismiss
          </button>
        </div>
      )}
      {pending.length > 0 && (
        <ul className="attachment-chips" aria-label="Files to send">
          {pending.map((p) => (
            <Chip key={p.record.id} pending={p} />
          ))}
        </ul>
      )}
      <div className="attachment-options">
        {reading > 0 && (
          <span role="status" className="attachment-reading">
            Reading {reading === 1 ? 'a file' : `${reading} files`}…
          </span>
        )}
        {scaled && (
          <label
            className="keep-original"
            title={`Large images are scaled to ${RECOMMENDED_IMAGE_EDGE} px, the size the model sees them at.`}
          >
            <input
              type="checkbox"
              checked={keepOriginal}
              onChange={(e) => setKeepOriginalSize(e.target.checked)}
            />{' '}
            Keep original size
          </label>
        )}
      </div>
    </div>
  );
}
