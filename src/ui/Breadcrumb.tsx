import { openSession } from '../state/actions/actions';
import { useBaton } from '../state/store/useBaton';
import { chainTo } from './sidebar/lineage';

/**
 * The open session's handoff chain, root › … › current, above the chat. Shown only for
 * a session that came from a handoff: a lone session has no chain to walk.
 */
export function Breadcrumb() {
  const sessions = useBaton((s) => s.sessions);
  const activeId = useBaton((s) => s.activeSessionId);
  const chain = chainTo(sessions, activeId);
  if (chain.length < 2) return null;
  return (
    <nav className="breadcrumb" aria-label="Handoff chain">
      <ol>
        {chain.map((header, index) => (
          <li key={header.id}>
            {index === chain.length - 1 ? (
              <span aria-current="page">{header.title}</span>
            ) : (
              <button type="button" className="link-button" onClick={() => void openSession(header.id)}>
                {header.title}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
