import { Dialog } from '../overlay/Dialog';

/** An attached image at full size, in a modal named after the file; Esc, the button or a click outside closes it. */
export function ImageDialog({ name, url, onClose }: { name: string; url: string; onClose(): void }) {
  return (
    <Dialog label={name} className="image-dialog" onClose={onClose} closeOnBackdrop>
      <img src={url} alt={name} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
