import { Dialog } from './overlay/Dialog';

/** A modal confirmation: Esc or the cancel button cancel. */
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
  return (
    <Dialog title={props.title} className="confirm-dialog" onClose={props.onCancel}>
      <p>{props.message}</p>
      <div className="dialog-actions">
        <button type="button" onClick={props.onCancel}>
          {props.cancelLabel ?? 'Cancel'}
        </button>
        <button type="button" className={props.confirmKind ?? 'danger'} onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
