import { dismissNotice } from '../state/actions/actions';
import type { Notice } from '../state/store/store';
import { useBaton } from '../state/store/useBaton';
import { shownText } from './text/revealInvisibles';
import './notices.css';

function NoticeView({ notice }: { notice: Notice }) {
  return (
    <div className={`notice notice-${notice.kind}`}>
      <div className="notice-text">
        <p>{shownText(notice.text)}</p>
        {notice.lines && (
          <ul>
            {notice.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label="Dismiss"
        onClick={() => dismissNotice(notice.id)}
      >
        ×
      </button>
    </div>
  );
}

/** Info goes to a polite status region, errors to an alert region, as screen readers expect. */
export function Notices() {
  const notices = useBaton((s) => s.notices);
  return (
    <div className="notices-anchor">
      <div className="notices">
        <div role="status" aria-live="polite">
          {notices
            .filter((n) => n.kind === 'info')
            .map((n) => (
              <NoticeView key={n.id} notice={n} />
            ))}
        </div>
        <div role="alert">
          {notices
            .filter((n) => n.kind === 'error')
            .map((n) => (
              <NoticeView key={n.id} notice={n} />
            ))}
        </div>
      </div>
    </div>
  );
}
