/**
 * The message box, for what moves the focus to it from elsewhere: the skip link, focus on
 * load and after switching sessions, the starter prompts of the first-run card.
 */

/** The id of the composer's textarea (Composer.tsx); the skip link's target. */
export const MESSAGE_BOX_ID = 'message-box';

/** Focuses the message box, if it is on the page and can take focus; returns whether it did. */
export function focusMessageBox(): boolean {
  const box = document.getElementById(MESSAGE_BOX_ID);
  if (!(box instanceof HTMLTextAreaElement) || box.disabled) return false;
  box.focus();
  return document.activeElement === box;
}
