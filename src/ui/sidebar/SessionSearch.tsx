/**
 * The sidebar's search over every session, titles and messages. Results are grouped by
 * session; Enter in the box opens the best hit, and each hit is a button (click or
 * Enter) that opens a session or the exact message. The index loads on the first search.
 */
import { useEffect, useRef, useState } from 'react';
import { openSession, openSessionAt, searchAllSessions } from '../../state/actions/actions';
import { get } from '../../state/store/storeAccess';
import type { SearchGroup } from './searchGroups';

/** Waits for a pause in typing before searching: each search reads the index in the worker. */
const DEBOUNCE_MS = 150;

type Found = { query: string; groups: SearchGroup[] } | { query: string; error: string };

function titleOf(sessionId: string): string | undefined {
  return get().sessions.find((header) => header.id === sessionId)?.title;
}

function openFirst(groups: readonly SearchGroup[]): boolean {
  const first = groups[0];
  if (!first) return false;
  const message = first.titleHit ? undefined : first.messages[0];
  void (message ? openSessionAt(first.sessionId, message.entryId) : openSession(first.sessionId));
  return true;
}

export function SessionSearch({ onOpened }: { onOpened(): void }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found | undefined>();
  const latest = useRef('');

  useEffect(() => {
    const asked = query.trim();
    latest.current = asked;
    if (asked === '') {
      setFound(undefined);
      return;
    }
    const timer = setTimeout(() => {
      // The grouping (and the excerpts it cuts) loads with the first search, like the index.
      Promise.all([searchAllSessions(asked), import('./searchGroups')]).then(
        ([hits, { groupHits }]) => {
          // An answer to an older query than the box now holds is dropped.
          if (latest.current === asked) setFound({ query: asked, groups: groupHits(hits, titleOf) });
        },
        (error: unknown) => {
          if (latest.current === asked)
            setFound({ query: asked, error: error instanceof Error ? error.message : String(error) });
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const groups = found && 'groups' in found ? found.groups : [];
  const opened = () => {
    setQuery('');
    onOpened();
  };

  return (
    <div className="session-search">
      <input
        type="search"
        aria-label="Search sessions"
        placeholder="Search sessions"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && openFirst(groups)) {
            event.preventDefault();
            opened();
          }
          if (event.key === 'Escape') setQuery('');
        }}
      />
      {found && 'error' in found && (
        <p className="session-search-note" role="status">
          Search failed: {found.error}
        </p>
      )}
      {found && 'groups' in found && (
        <section className="session-search-results" aria-label="Search results">
          {groups.length === 0 && <p className="session-search-note">No session mentions “{found.query}”.</p>}
          {groups.map((group) => (
            <section key={group.sessionId} aria-label={group.title}>
              <button
                type="button"
                className="link-button session-search-title"
                onClick={() => {
                  void openSession(group.sessionId);
                  opened();
                }}
              >
                {group.title}
              </button>
              <ul>
                {group.messages.map((message) => (
                  <li key={message.entryId}>
                    <button
                      type="button"
                      className="link-button session-search-hit"
                      onClick={() => {
                        void openSessionAt(group.sessionId, message.entryId);
                        opened();
                      }}
                    >
                      {message.snippet}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      )}
    </div>
  );
}
