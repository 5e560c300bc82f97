import { useState } from 'react';
import { flushSync } from 'react-dom';
import { focusMessageBox } from './messageBox';

/** Where the sidebar is a drawer over the chat rather than a column (layout.css). */
const DRAWER_LAYOUT = '(max-width: 640px)';

/** The id of the sessions search field (SessionSearch.tsx), for Ctrl/⌘+K. */
export const SESSION_SEARCH_ID = 'session-search';

export interface SidebarToggle {
  /** The sidebar column is hidden (wide layouts only; narrow ones use the drawer). */
  readonly hidden: boolean;
  /** Ctrl/⌘+Shift+S: hides or shows the column, or closes or opens the drawer. */
  toggle(): void;
  /** Ctrl/⌘+K: shows the sidebar if it is not, and focuses its search. */
  focusSearch(): void;
}

/**
 * The sidebar's visibility for the global shortcuts. `setSessionsDrawer` opens or closes
 * the narrow layout's drawer (App.tsx owns it). State changes are flushed at once, so the
 * focus can move into (or out of) what they show in the same key press.
 */
export function useSidebarToggle(
  setSessionsDrawer: (open: (wasOpen: boolean) => boolean) => void,
): SidebarToggle {
  const [hidden, setHidden] = useState(false);
  const drawerLayout = () => window.matchMedia(DRAWER_LAYOUT).matches;

  const toggle = () => {
    flushSync(() => {
      if (drawerLayout()) setSessionsDrawer((open) => !open);
      else setHidden((was) => !was);
    });
    // Focus left in a sidebar that is gone would be nowhere: it goes to the message box.
    const focused = document.activeElement;
    if (!focused || focused === document.body || !(focused as HTMLElement).offsetParent) focusMessageBox();
  };

  const focusSearch = () => {
    flushSync(() => {
      if (drawerLayout()) setSessionsDrawer(() => true);
      else setHidden(false);
    });
    document.getElementById(SESSION_SEARCH_ID)?.focus();
  };

  return { hidden, toggle, focusSearch };
}
