import { useEffect, useRef } from 'react';
import { stop } from '../../state/actions/actions';
import { isTypingTarget } from './shortcuts';

export interface GlobalKeyHandlers {
  openShortcuts(): void;
  /** Closes the narrow layout's open drawer; false when none was open. */
  closeDrawer(): boolean;
  /** Ctrl/⌘+K. */
  focusSearch(): void;
  /** Ctrl/⌘+Shift+O. */
  newSession(): void;
  /** Ctrl/⌘+Shift+S. */
  toggleSidebar(): void;
}

/**
 * The handler a Ctrl/⌘ chord runs, if it is one of ours. They work from inside fields too
 * (the message box above all): a chord types nothing. By the letter the key types, as the
 * shortcut list names it; Alt chords are left alone (AltGr is Ctrl+Alt on Windows).
 */
function chordHandler(event: KeyboardEvent, handlers: GlobalKeyHandlers): (() => void) | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.repeat) return undefined;
  const letter = event.key.toLowerCase();
  if (!event.shiftKey && letter === 'k') return handlers.focusSearch;
  if (event.shiftKey && letter === 'o') return handlers.newSession;
  if (event.shiftKey && letter === 's') return handlers.toggleSidebar;
  return undefined;
}

/** A modal <dialog> owns Esc (it closes) and every other key while it is open. */
function modalOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

/**
 * The popover a disclosure button has open, if any. Popovers mark their button with
 * aria-haspopup + aria-expanded; closing through the button keeps each popover the only
 * owner of its open state.
 */
function openPopoverTrigger(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[aria-haspopup="dialog"][aria-expanded="true"]');
}

/**
 * The app-wide keys. Esc has one order everywhere: stop the reply, else cancel the
 * handoff, else close the open popover (else the drawer). The first two run in the
 * capture phase, before any popover or field sees the key, so a popover open during a
 * reply cannot swallow the Esc meant to stop it; the rest run after the focused
 * element had its chance (a field that used Esc marks it handled).
 */
export function useGlobalKeys(handlers: GlobalKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const onCapture = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || modalOpen()) return;
      if (stop()) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const onBubble = (event: KeyboardEvent) => {
      if (event.defaultPrevented || modalOpen()) return;
      if (event.key === 'Escape') {
        const trigger = openPopoverTrigger();
        if (trigger) {
          event.preventDefault();
          trigger.click();
          trigger.focus();
          return;
        }
        if (latest.current.closeDrawer()) event.preventDefault();
        return;
      }
      const chord = chordHandler(event, latest.current);
      if (chord) {
        // Before the browser's own use of these keys (its search bar, bookmarks, Save as).
        event.preventDefault();
        chord();
        return;
      }
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (isTypingTarget(event.target)) return;
        event.preventDefault();
        latest.current.openShortcuts();
      }
    };
    window.addEventListener('keydown', onCapture, true);
    window.addEventListener('keydown', onBubble);
    return () => {
      window.removeEventListener('keydown', onCapture, true);
      window.removeEventListener('keydown', onBubble);
    };
  }, []);
}
