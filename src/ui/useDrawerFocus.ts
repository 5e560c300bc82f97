import { useEffect } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where the sessions list is a drawer over the chat (layout.css). */
const DRAWER_LAYOUT = '(max-width: 640px)';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.offsetParent !== null,
  );
}

/**
 * A drawer that lies over the chat holds the focus while it is open: the focus moves
 * into it, and Tab and Shift+Tab go round inside it rather than on to the covered page.
 * (Esc and giving the focus back to the button are App's, with the other global keys.)
 */
/** `drawerId`: the drawer's element (drawn by the sidebar, or by its error fallback). */
export function useDrawerFocus(drawerId: string, open: boolean): void {
  useEffect(() => {
    const root = document.getElementById(drawerId);
    if (!open || !root || !window.matchMedia(DRAWER_LAYOUT).matches) return;
    // The list draws its rows a few frames after the drawer shows (a virtual list,
    // measured first): the focus goes in once the open session's row is there, or onto
    // the drawer's first control if it does not come.
    let frame = 0;
    let tries = 0;
    const focusInside = () => {
      if (root.contains(document.activeElement)) return;
      const current = root.querySelector<HTMLElement>('[aria-current="page"]');
      if (current && current.offsetParent !== null) current.focus();
      else if (++tries < 10) frame = requestAnimationFrame(focusInside);
      else focusables(root)[0]?.focus();
    };
    frame = requestAnimationFrame(focusInside);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const all = focusables(root);
      const first = all[0];
      const last = all.at(-1);
      if (!first || !last) return;
      const inside = root.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [drawerId, open]);
}
