import { useEffect, useRef } from 'react';
import { focusMessageBox } from './messageBox';

/** A device with only a touch screen: a focused box opens the on-screen keyboard over the page. */
const TOUCH_ONLY = '(hover: none) and (pointer: coarse)';

/**
 * Puts the focus in the message box once the app is ready and each time another session
 * opens (issue 24, item 7), so typing can start at once, as in other chat apps. Not while
 * a modal dialog is open (it owns the focus), and not on load on a touch-only device,
 * where the keyboard it would open covers the page the user came to read.
 */
export function useMessageBoxFocus(ready: boolean, sessionId: string | null): void {
  const loaded = useRef(false);
  const shownId = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const onLoad = !loaded.current;
    loaded.current = true;
    // Load and start-up's own session (none shown before it) are not something the user
    // did: if they have put the focus somewhere meanwhile (a Tab to the skip link before
    // the app was ready), it stays there.
    const startUp = shownId.current === null;
    shownId.current = sessionId;
    if (onLoad && window.matchMedia?.(TOUCH_ONLY).matches) return;
    // After the paint: the composer of the session just opened is mounted by then.
    const frame = requestAnimationFrame(() => {
      if (document.querySelector('dialog[open]')) return;
      if (startUp && document.activeElement && document.activeElement !== document.body) return;
      focusMessageBox();
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, sessionId]);
}
