import { useMemo, useState } from 'react';
import { formatBytes } from '../../core/attachments/attachmentLimits';
import type { AttachmentRef } from '../../core/types/attachment';
import { shownName } from '../text/revealInvisibles';
import '../attachments/attachments.css';
import { FileIcon } from '../attachments/fileIcons';
import { thumbBox } from '../attachments/thumbBox';
import { useObjectUrl } from '../attachments/useObjectUrl';
import { useStoredFile } from '../attachments/useStoredFile';
import { lazyPart } from '../lazyPart';

// Opened on a click only: not part of the first load.
const ImageDialog = lazyPart(() => import('./ImageDialog').then((m) => m.ImageDialog));

const THUMB_MAX = { width: 240, height: 160 };

function Missing({ name }: { name: string }) {
  return <span className="attachment-missing">{shownName(name)} (no longer on this device)</span>;
}

function ImageAttachment({ attachment }: { attachment: AttachmentRef }) {
  const file = useStoredFile(attachment.id);
  const url = useObjectUrl(file.status === 'ready' ? file.blob : undefined);
  const [open, setOpen] = useState(false);
  if (file.status === 'missing') return <Missing name={attachment.name} />;
  const box = thumbBox(attachment.width, attachment.height, THUMB_MAX);
  return (
    <>
      <button
        type="button"
        className="attachment-thumb"
        // A fixed box from the recorded size: the row's height does not change when the bytes arrive.
        style={{ width: box.width, height: box.height }}
        aria-label={shownName(attachment.name)}
        aria-haspopup="dialog"
        disabled={!url}
        onClick={() => setOpen(true)}
      >
        {url && <img src={url} alt="" width={box.width} height={box.height} />}
      </button>
      {open && url && (
        <ImageDialog name={shownName(attachment.name)} url={url} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

/** PDFs open in the browser's viewer, text files as text: each in a new tab, from its bytes. */
function FileAttachment({ attachment }: { attachment: AttachmentRef & { kind: 'pdf' | 'text' } }) {
  const file = useStoredFile(attachment.id);
  // Text is opened as UTF-8 text whatever type older records carry.
  const blob = useMemo(() => {
    if (file.status !== 'ready') return undefined;
    return attachment.kind === 'text'
      ? new Blob([file.blob], { type: 'text/plain;charset=utf-8' })
      : file.blob;
  }, [file, attachment.kind]);
  const url = useObjectUrl(blob);
  if (file.status === 'missing') return <Missing name={attachment.name} />;
  const detail =
    attachment.kind === 'pdf'
      ? attachment.pages === undefined
        ? formatBytes(attachment.size)
        : `${attachment.pages} page${attachment.pages === 1 ? '' : 's'}`
      : formatBytes(attachment.size);
  const content = (
    <>
      <FileIcon kind={attachment.kind} />
      <span className="chip-name">{shownName(attachment.name)}</span>
      <span className="chip-detail">{detail}</span>
    </>
  );
  if (!url) return <span className="attachment-file">{content}</span>;
  return (
    <a className="attachment-file" href={url} target="_blank" rel="noopener noreferrer">
      {content}
    </a>
  );
}

/** The files a message carries, above its text. */
export function MessageAttachments({ attachments }: { attachments: readonly AttachmentRef[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="message-attachments" aria-label="Attached files">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          {attachment.kind === 'image' ? (
            <ImageAttachment attachment={attachment} />
          ) : (
            <FileAttachment attachment={{ ...attachment, kind: attachment.kind }} />
          )}
        </li>
      ))}
    </ul>
  );
}
