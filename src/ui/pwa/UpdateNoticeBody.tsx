import { useBaton } from '../../state/store/useBaton';
import { reloadWaitReason } from './reloadWaitReason';
import './pwa.css';

/**
 * "A new version of Baton is ready" with Reload. Baton never reloads by itself: Reload
 * activates the new version and reloads this tab, and waits, saying why, while a reload
 * would lose something (a reply or handoff being written, text in the message box).
 */
export default function UpdateNoticeBody({ applyUpdate }: { applyUpdate: () => void }) {
  const waitReason = useBaton(reloadWaitReason);
  return (
    <div className="update-notice">
      <p>
        A new version of Baton is ready.
        {waitReason && <span className="update-notice-wait"> {waitReason}</span>}
      </p>
      <button type="button" className="primary" disabled={waitReason !== null} onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}
