/**
 * The sidebar's search over every session, titles and messages. Results are grouped by
 * session; Enter in the box opens the best hit, and each hit is a button (click or
 * Enter) that opens a session or the exact message. The index loads on the first search.
 */
import { useEffect, useRef, useState } from 'react';
import { openSession, openSessionAt, searchAllSessions } from '../../state/actions/actions';
import { get } from '../../state/store/storeAccess';
import { SESSION_SEARCH_ID } from '../keyboard/useSidebarToggle';
import { shownName, shownText } from '../text/revealInvisibles';
import type { SearchGroup } from './searchGroups';
import { fullDate, relativeDate } from './sessionGroups';

/** Waits for a pause in typing before searching: each search reads the index in the worker. */
const DEBOUNCE_MS = 150;

type Found = { query: string; groups: SearchGroup[]; note?: string } | { query: string; error: string };

/** Said when a search fails for a reason that has no sentence of its own (a chunk that did not load, say). */
const SEARCH_FAILED = 'The search could not run. Try again; if it keeps failing, reload the page.';

/** A query is echoed only this long: a pasted 65,000-character word must not fill the sidebar. */
const MAX_ECHO = 80;

function echoed(query: string): string {
  return query.length > MAX_ECHO ? `${query.slice(0, MAX_ECHO - 1)}…` : query;
}

/** The search's own failures carry a sentence; anything else is an internal message, not shown. */
function failureSentence(error: unknown): string {
  return error instanceof Error && error.name === 'SearchError' ? error.message : SEARCH_FAILED;
}

function titleOf(sessionId: string): string | undefined {
  return get().sessions.find((header) => header.id === sessionId)?.title;
}

/** When the session was last used, beside its name in the results. */
function SessionDate({ sessionId }: { sessionId: string }) {
  const updatedAt = get().sessions.find((header) => header.id === sessionId)?.updatedAt;
  if (updatedAt === undefined) return null;
  return (
    <time
      className="session-search-date"
      dateTime={new Date(updatedAt).toISOString()}
      title={fullDate(updatedAt)}
    >
      {relativeDate(updatedAt, Date.now())}
    </time>
  );
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
        ([hits, { groupHits, searchNote }]) => {
          // An answer to an older query than the box now holds is dropped.
          if (latest.current !== asked) return;
          const note = searchNote(asked);
          setFound({ query: asked, groups: groupHits(hits, titleOf), ...(note && { note }) });
        },
        (error: unknown) => {
          if (latest.current === asked) {
            console.error('Search failed:', error);
            setFound({ query: asked, error: failureSentence(error) });
          }
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
        id={SESSION_SEARCH_ID}
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
          {found.error}
        </p>
      )}
      {found && 'groups' in found && (
        <section className="session-search-results" aria-label="Search results">
          {found.note && (
            <p className="session-search-note" role="status">
              {found.note}
            </p>
          )}
          {groups.length === 0 && (
            <p className="session-search-note">No session mentions “{echoed(found.query)}”.</p>
          )}
          {groups.map((group) => (
            <section key={group.sessionId} aria-label={shownName(group.title)}>
              <button
                type="button"
                className="link-button session-search-title"
                onClick={() => {
                  void openSession(group.sessionId);
                  opened();
                }}
              >
                {shownName(group.title)}
              </button>
              <SessionDate sessionId={group.sessionId} />
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
                      {message.parts.map((part, i) =>
                        part.match ? (
                          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one excerpt never reorder.
                          <mark key={i}>{shownText(part.text)}</mark>
                        ) : (
                          shownText(part.text)
                        ),
                      )}
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
