import { useEffect } from 'react';
import { useStore } from 'zustand';
import { pwaStore } from '../../pwa/pwaState';
import { setPwaBusy, startPwaOnFirstUse } from '../../pwa/startOnFirstUse';
import { selectBusy } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { lazyPart } from '../lazyPart';

// Shown only once a new version waits, long after the first interaction: not in the initial JavaScript.
const UpdateNoticeBody = lazyPart(() => import('./UpdateNoticeBody').then((m) => m.default));

/**
 * The status region of "A new version of Baton is ready" (UpdateNoticeBody), always in
 * the page so that screen readers announce the notice when it appears. Also starts the
 * service worker's registration after the first interaction, and holds it back while a
 * reply or handoff is being written (src/pwa/startOnFirstUse.ts).
 */
export function UpdateNotice() {
  const applyUpdate = useStore(pwaStore, (s) => s.applyUpdate);
  const busy = useBaton(selectBusy);
  useEffect(() => startPwaOnFirstUse(), []);
  useEffect(() => setPwaBusy(busy), [busy]);
  return (
    <div role="status" className="update-notice-region">
      {applyUpdate && <UpdateNoticeBody applyUpdate={applyUpdate} />}
    </div>
  );
}
