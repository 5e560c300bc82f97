import { type FocusEvent, useCallback, useMemo, useState } from 'react';

/** The attribute that names a virtual row, so the focus can be traced back to it. */
export const ROW_KEY_ATTRIBUTE = 'data-row-key';

export interface FocusTracking {
  /** The key of the row that holds the focus, or null. */
  focusedKey: string | null;
  /** Spread onto the element that contains the rows. */
  handlers: {
    onFocus(event: FocusEvent<HTMLElement>): void;
    onBlur(event: FocusEvent<HTMLElement>): void;
  };
}

/**
 * Which row of a virtual list holds the keyboard focus. React's onFocus/onBlur bubble
 * (focusin/focusout), so one pair on the container sees every row.
 */
export function useFocusedRowKey(): FocusTracking {
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const row = event.target.closest(`[${ROW_KEY_ATTRIBUTE}]`);
    setFocusedKey(row?.getAttribute(ROW_KEY_ATTRIBUTE) ?? null);
  }, []);
  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    // Moving between two rows is a blur then a focus; only leaving the list clears it.
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusedKey(null);
  }, []);
  const handlers = useMemo(() => ({ onFocus, onBlur }), [onFocus, onBlur]);
  return { focusedKey, handlers };
}
