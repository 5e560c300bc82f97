import { memo } from 'react';
import { openSession } from '../../state/actions/actions';
import { sessionById } from '../../state/store/sessionIndex';
import { useBaton } from '../../state/store/useBaton';

/**
 * One shared empty list: a selector that returned a fresh `[]` whenever the active
 * session is missing from the list (just deleted) would never look settled to React,
 * which then re-renders until it gives up and unmounts the app.
 */
const NO_CHILDREN: readonly string[] = [];

/** Under the last message: where the work of this session went by handoff. */
export const HandedOffLinks = memo(function HandedOffLinks() {
  const children = useBaton((s) => sessionById(s.sessions, s.activeSessionId)?.children ?? NO_CHILDREN);
  const sessions = useBaton((s) => s.sessions);
  if (children.length === 0) return null;
  return (
    <div className="handed-off">
      {children.map((id) => (
        <p key={id}>
          Handed off to{' '}
          <button type="button" className="link-button" onClick={() => void openSession(id)}>
            {sessionById(sessions, id)?.title ?? 'a deleted session'}
          </button>
        </p>
      ))}
    </div>
  );
});
