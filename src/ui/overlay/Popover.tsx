import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import './overlay.css';

export interface PopoverProps {
  /** Its accessible name. */
  label: string;
  /** From usePopover, so the button's aria-controls finds it. */
  id: string;
  /** Where it opens from its button: above and from its left edge (the composer's), or below from its right edge or its left edge (the status line's). */
  placement: 'above-start' | 'below-end' | 'below-start';
  /** Esc in it: usePopover's close, which gives the focus back to the button. */
  onClose(): void;
  /** What takes the focus as it opens; unset, the popover itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Its own look beside the shared one (its width, its content's spacing). */
  className?: string;
  children: ReactNode;
}

/**
 * A small non-modal dialog anchored to its button (see usePopover). The focus moves in
 * as it opens, including when its content loaded on first open; Esc closes it.
 */
export function Popover({ label, id, placement, onClose, initialFocus, className, children }: PopoverProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    (initialFocus?.current ?? panel.current)?.focus();
  }, [initialFocus]);
  return (
    <div
      ref={panel}
      id={id}
      className={`popover popover-${placement}${className ? ` ${className}` : ''}`}
      role="dialog"
      aria-label={label}
      tabIndex={initialFocus ? undefined : -1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {children}
    </div>
  );
}
