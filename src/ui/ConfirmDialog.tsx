import { useEffect, useId, useRef } from 'react';

/** A modal confirmation on the native <dialog>, which traps focus and returns it on close. */
export function ConfirmDialog(props: {
  title: string;
  message: string;
  confirmLabel: string;
  /** Default "Cancel". */
  cancelLabel?: string;
  /** Default `danger`: most confirmations here destroy something. */
  confirmKind?: 'danger' | 'primary';
  onConfirm(): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={titleId}>{props.title}</h2>
      <p>{props.message}</p>
      <div className="dialog-actions">
        <button type="button" onClick={props.onCancel}>
          {props.cancelLabel ?? 'Cancel'}
        </button>
        <button type="button" className={props.confirmKind ?? 'danger'} onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
