import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';
import './overlay.css';

/** Named by its heading, or, for a dialog without one (an image), by a label. */
type DialogName = { title: string; label?: never } | { label: string; title?: never };

export type DialogProps = DialogName & {
  /** Shown while true; unset, shown while mounted. */
  open?: boolean;
  /**
   * The user asked to close it: Esc, a close the browser made itself, or a click on the
   * backdrop when `closeOnBackdrop`. The owner closes it (unmounts it or sets `open`).
   */
  onClose(): void;
  closeOnBackdrop?: boolean;
  /** Set, the heading and the content are one form, and Enter in a field submits it. */
  onSubmit?(): void;
  /** Its own look beside the shared one (`settings-dialog`). */
  className?: string;
  children: ReactNode;
};

/**
 * A modal dialog on the native <dialog>: shown with showModal, so the page behind it is
 * inert and Tab stays inside; the focus goes back where it was when it closes.
 */
export function Dialog({
  open = true,
  onClose,
  closeOnBackdrop,
  onSubmit,
  className,
  children,
  ...name
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });

  // A layout effect: on unmount its cleanup runs while the dialog is still in the page,
  // where close() can hand the focus back (a passive cleanup runs once it is gone, with
  // the focus lost to the page's body).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const before = document.activeElement;
    // Closed by the browser itself (a second Esc it would not let the page hold back, say).
    const closedByBrowser = () => latestOnClose.current();
    dialog.addEventListener('close', closedByBrowser);
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.removeEventListener('close', closedByBrowser);
      if (dialog.open) dialog.close();
      // close() gives the focus back in Chromium; wherever it did not, this does. After the
      // commit: React puts the focus back on what had it before a commit that hid it.
      queueMicrotask(() => {
        const focused = document.activeElement;
        const focusLeft = focused === null || focused === document.body || dialog.contains(focused);
        if (focusLeft && before instanceof HTMLElement && before.isConnected) before.focus();
      });
    };
  }, [open]);

  const heading = name.title !== undefined && <h2 id={titleId}>{name.title}</h2>;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc closes it (the cancel event); the click is the pointer's way out.
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      {...(name.title !== undefined ? { 'aria-labelledby': titleId } : { 'aria-label': name.label })}
      onCancel={(event) => {
        // React passes a dialog's cancel up its tree: a dialog opened from inside another
        // (Settings' import question) must not close the one around it.
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onClick={
        closeOnBackdrop
          ? (event) => {
              // The backdrop belongs to the dialog element itself.
              if (event.target === event.currentTarget) onClose();
            }
          : undefined
      }
    >
      {onSubmit ? (
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {heading}
          {children}
        </form>
      ) : (
        <>
          {heading}
          {children}
        </>
      )}
    </dialog>
  );
}
