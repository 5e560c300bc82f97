import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useState } from 'react';
import type { SessionEntry } from '../../core/session/types';
import { set } from '../../state/store/storeAccess';
import { useBaton } from '../../state/store/useBaton';

/** How long a message linked to stays highlighted, in ms. */
const HIGHLIGHT_MS = 4_000;

/**
 * Scrolls to the message the store asks for (focusEntry) once it is among the shown
 * entries, highlights it for a few seconds and clears the request. The session opens in
 * two reads (the newest page, then everything), so an older message is reached when the
 * second read arrives; an entry the session does not have leaves the request for none.
 * Returns the id of the highlighted entry.
 */
export function useFocusEntry(
  shown: readonly SessionEntry[],
  virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>,
): string | undefined {
  const target = useBaton((s) => s.focusEntry);
  const [highlighted, setHighlighted] = useState<string>();

  useEffect(() => {
    if (!target) return;
    const index = shown.findIndex((entry) => entry.id === target.entryId);
    if (index === -1) return;
    set({ focusEntry: null });
    virtualizer.scrollToIndex(index, { align: 'center' });
    setHighlighted(target.entryId);
  }, [target, shown, virtualizer]);

  useEffect(() => {
    if (highlighted === undefined) return;
    const timer = setTimeout(() => setHighlighted(undefined), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  return highlighted;
}
