import { searchError, searchQuery, searchResults } from '../../../core/session/webSearch';
import type { WebSearchResultBlock } from '../../../core/types/message';
import { isWebUrl } from '../../markdown/safeUrls';
import { shownName } from '../../text/revealInvisibles';
import type { ToolCallProps, ToolRenderer } from './toolRenderer';

/** The reply's web searches, in one list above its text. */
function WebSearchList({ children }: { children: React.ReactNode }) {
  return (
    <ul className="search-lines" aria-label="Web searches">
      {children}
    </ul>
  );
}

/**
 * One web search, one compact line: what was searched and the titles it found (linked
 * when the address is a web address), or why the search failed.
 */
function WebSearchLine({ call, message, streaming }: ToolCallProps) {
  const result = message.content.find(
    (block): block is WebSearchResultBlock =>
      block.type === 'web_search_tool_result' && block.tool_use_id === call.id,
  );
  // Only the API runs web searches: a call of another kind has no query to show.
  const query = call.type === 'server_tool_use' ? searchQuery(call) : '';
  const error = result && searchError(result);
  return (
    <li className="search-line">
      {result || !streaming ? 'Searched' : 'Searching'}: {query ? `“${shownName(query)}”` : '(no query)'}
      {error && <span className="muted"> · failed ({error.replaceAll('_', ' ')})</span>}
      {result && !error && (
        <span className="search-titles">
          {searchResults(result).map((found) => (
            <span key={found.url}>
              {' · '}
              {isWebUrl(found.url) ? (
                <a href={found.url} target="_blank" rel="noopener noreferrer">
                  {shownName(found.title)}
                </a>
              ) : (
                shownName(found.title)
              )}
            </span>
          ))}
        </span>
      )}
    </li>
  );
}

export const WEB_SEARCH_LINES: ToolRenderer = { Call: WebSearchLine, List: WebSearchList };
