import { memo } from 'react';
import { openSession } from '../../state/actions/actions';
import { selectHandedOffTo } from '../../state/store/selectors';
import { sessionById } from '../../state/store/sessionIndex';
import { useBaton } from '../../state/store/useBaton';
import { shownName } from '../text/revealInvisibles';

/** Under the last message: the session ends with where its work went on by handoff. */
export const HandedOffLinks = memo(function HandedOffLinks() {
  const children = useBaton(selectHandedOffTo);
  const sessions = useBaton((s) => s.sessions);
  if (children.length === 0) return null;
  return (
    <div className="handed-off">
      {children.map((id) => (
        <p key={id}>
          Continued in{' '}
          <button type="button" className="link-button" onClick={() => void openSession(id)}>
            {shownName(sessionById(sessions, id)?.title ?? 'a deleted session')}
          </button>
        </p>
      ))}
    </div>
  );
});
