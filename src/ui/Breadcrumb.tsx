import { groupThousands } from '../core/groupThousands';
import { openSession } from '../state/actions/actions';
import { useBaton } from '../state/store/useBaton';
import { breadcrumbSteps, chainTo } from './sidebar/lineage';
import { shownName } from './text/revealInvisibles';
import './breadcrumb.css';

/**
 * The open session's handoff chain, root › … › current, above the chat. Shown only for
 * a session that came from a handoff: a lone session has no chain to walk. A long chain
 * shows its root and its last steps; the Sessions list holds the ones between.
 */
export function Breadcrumb() {
  const sessions = useBaton((s) => s.sessions);
  const activeId = useBaton((s) => s.activeSessionId);
  const chain = chainTo(sessions, activeId);
  if (chain.length < 2) return null;
  return (
    <nav className="breadcrumb" aria-label="Handoff chain">
      <ol>
        {breadcrumbSteps(chain).map((step) =>
          step.kind === 'gap' ? (
            <li key="gap" className="breadcrumb-gap">
              … {groupThousands(step.count)} more …
            </li>
          ) : (
            <li key={step.header.id}>
              {step.header.id === activeId ? (
                <span aria-current="page">{shownName(step.header.title)}</span>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void openSession(step.header.id)}
                >
                  {shownName(step.header.title)}
                </button>
              )}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
