/** The shortcut list the `?` dialog shows; one place, so the dialog and the README agree. */
export const SHORTCUTS: ReadonlyArray<{ keys: string; action: string }> = [
  { keys: 'Enter', action: 'Send the message' },
  { keys: 'Shift+Enter', action: 'New line' },
  { keys: 'Enter (while a reply is written)', action: 'Queue a follow-up' },
  { keys: 'Alt+Enter (while a reply is written)', action: 'Steer the next turn' },
  { keys: 'Esc', action: 'Stop the reply, else cancel the handoff, else close the open popover' },
  { keys: '↑ (in an empty message box)', action: 'Edit your last message' },
  { keys: '/', action: 'Commands' },
  { keys: 'Ctrl/⌘+K', action: 'Search sessions' },
  { keys: 'Ctrl/⌘+Shift+O', action: 'New session' },
  { keys: 'Ctrl/⌘+Shift+S', action: 'Show or hide the sidebar' },
  { keys: 'Tab (first stop on the page)', action: 'Skip to the message box' },
  { keys: '?', action: 'This list' },
];

/** True when a key press is typing into a field and must not trigger a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  // Buttons and boxes dressed as inputs take no text.
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}
