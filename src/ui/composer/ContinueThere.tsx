import { memo } from 'react';
import { openSession } from '../../state/actions/actions';
import { selectHandedOffTo } from '../../state/store/selectors';
import { sessionById } from '../../state/store/sessionIndex';
import { useBaton } from '../../state/store/useBaton';
import { shownName } from '../text/revealInvisibles';

/**
 * Above the message box of a session that was handed off: the work goes on in the newest
 * child, one click away. The box stays usable (a side question here is still possible).
 */
export const ContinueThere = memo(function ContinueThere() {
  const children = useBaton(selectHandedOffTo);
  const sessions = useBaton((s) => s.sessions);
  const newest = children.at(-1);
  const child = newest === undefined ? undefined : sessionById(sessions, newest);
  if (newest === undefined || !child) return null;
  return (
    <p className="continue-there">
      <span>
        This work continues in <strong>{shownName(child.title)}</strong>.
      </span>
      <button type="button" onClick={() => void openSession(newest)}>
        Continue there
      </button>
    </p>
  );
});
