/**
 * Moves the focus to `target` only when nothing else holds it: a card that appears while
 * the user types in the message box (or anywhere) must not take their keystrokes.
 * Without a focused element the keyboard user lands on the card at once.
 */
export function focusWithoutStealing(target: HTMLElement | null): void {
  const active = document.activeElement;
  if (!target || (active !== null && active !== document.body)) return;
  target.focus();
}
