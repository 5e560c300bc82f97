import { type RefObject, useEffect, useId, useRef, useState } from 'react';

export interface PopoverControl {
  open: boolean;
  /** Closes it and gives the focus back to its button: Esc, Cancel, a choice made in it. */
  close(): void;
  /** Closes it and leaves the focus where it is (the choice made moves it on). */
  dismiss(): void;
  /** The element holding the button and the popover: a press outside it closes the popover. */
  anchorRef: RefObject<HTMLDivElement | null>;
  /** Spread on the button that opens and closes it. */
  buttonProps: {
    ref: RefObject<HTMLButtonElement | null>;
    'aria-haspopup': 'dialog';
    'aria-expanded': boolean;
    'aria-controls': string | undefined;
    onClick(): void;
  };
  /** The popover's id, which the button's aria-controls names. */
  panelId: string;
}

/**
 * The open state of a popover and its button. The button says it has a popup and
 * whether it is open (aria-haspopup, aria-expanded): that is how the app-wide Esc finds
 * an open popover when the focus has left it (useGlobalKeys).
 */
export function usePopover(
  options: {
    /** Called as it opens, to start it afresh. */
    onOpen?(): void;
    /** A press outside closes it; default true. */
    closeOnOutsidePress?: boolean;
  } = {},
): PopoverControl {
  const { onOpen, closeOnOutsidePress = true } = options;
  const [open, setOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open || !closeOnOutsidePress) return;
    const onPointer = (event: PointerEvent) => {
      if (!anchorRef.current?.contains(event.target as Node)) setOpen(false); // A DOM event's target is a Node.
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, closeOnOutsidePress]);

  return {
    open,
    close: () => {
      setOpen(false);
      buttonRef.current?.focus();
    },
    dismiss: () => setOpen(false),
    anchorRef,
    buttonProps: {
      ref: buttonRef,
      'aria-haspopup': 'dialog',
      'aria-expanded': open,
      'aria-controls': open ? panelId : undefined,
      onClick: () => {
        if (!open) onOpen?.();
        setOpen(!open);
      },
    },
    panelId,
  };
}
