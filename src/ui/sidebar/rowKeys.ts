/**
 * The session list's keys (one tab stop for the whole list, a roving tabindex): ↑/↓ move
 * between rows, Home/End to the first and last, ←/→ between a row's own buttons (open,
 * pin, rename, delete). Enter and Space are the buttons' own.
 */
import type { KeyboardEvent } from 'react';
import { ROW_KEY_ATTRIBUTE } from '../virtual/useFocusedRowKey';

/** The row to move to, from `index` of `count` rows; undefined for a key the list does not take. */
export function rowTarget(key: string, index: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** ←/→ inside a row: moves between its visible buttons, wrapping; true when it did. */
function moveWithinRow(event: KeyboardEvent<HTMLElement>, row: Element): boolean {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return false;
  const buttons = [...row.querySelectorAll<HTMLButtonElement>('.session-row button')];
  const at = buttons.indexOf(event.target as HTMLButtonElement);
  if (at < 0) return false;
  const step = event.key === 'ArrowRight' ? 1 : -1;
  buttons[(at + step + buttons.length) % buttons.length]?.focus();
  return true;
}

/** The list's keydown: `focusRow` brings a row into view and focuses its open button. */
export function onRowKeyDown(
  event: KeyboardEvent<HTMLElement>,
  indexOfKey: (key: string | null) => number,
  count: number,
  focusRow: (index: number) => void,
): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target as HTMLElement;
  // The rename field and dialogs opened from a row (the delete confirmation) keep their keys.
  if (target.tagName !== 'BUTTON' || !target.closest('.session-row')) return;
  const row = target.closest(`[${ROW_KEY_ATTRIBUTE}]`);
  if (!row) return;
  if (moveWithinRow(event, row)) {
    event.preventDefault();
    return;
  }
  const next = rowTarget(event.key, indexOfKey(row.getAttribute(ROW_KEY_ATTRIBUTE)), count);
  if (next === undefined) return;
  event.preventDefault();
  focusRow(next);
}
