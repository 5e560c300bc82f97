import { useEffect, useRef } from 'react';

/** An attached image at full size, in a modal named after the file; Esc, the button or a click outside closes it. */
export function ImageDialog({ name, url, onClose }: { name: string; url: string; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc closes it (the native cancel event); the click is the pointer's way out.
    <dialog
      ref={ref}
      className="dialog image-dialog"
      aria-label={name}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // The backdrop belongs to the dialog element itself.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <img src={url} alt={name} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
