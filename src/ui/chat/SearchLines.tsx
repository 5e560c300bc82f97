import { searchError, searchQuery, searchResults } from '../../core/session/webSearch';
import type { Message, WebSearchResultBlock } from '../../core/types/message';
import { isWebUrl } from '../markdown/safeUrls';

/**
 * The reply's web searches, one compact line each: what was searched and the titles it
 * found (linked when the address is a web address), or why the search failed.
 */
export function SearchLines({ message, streaming }: { message: Message; streaming: boolean }) {
  const results = new Map<string, WebSearchResultBlock>();
  for (const block of message.content) {
    if (block.type === 'web_search_tool_result') results.set(block.tool_use_id, block);
  }
  const searches = message.content.filter((block) => block.type === 'server_tool_use');
  if (searches.length === 0) return null;
  return (
    <ul className="search-lines" aria-label="Web searches">
      {searches.map((search) => {
        const query = searchQuery(search);
        const result = results.get(search.id);
        const error = result && searchError(result);
        return (
          <li key={search.id} className="search-line">
            {result || !streaming ? 'Searched' : 'Searching'}: {query ? `“${query}”` : '(no query)'}
            {error && <span className="muted"> · failed ({error.replaceAll('_', ' ')})</span>}
            {result && !error && (
              <span className="search-titles">
                {searchResults(result).map((found) => (
                  <span key={found.url}>
                    {' · '}
                    {isWebUrl(found.url) ? (
                      <a href={found.url} target="_blank" rel="noopener noreferrer">
                        {found.title}
                      </a>
                    ) : (
                      found.title
                    )}
                  </span>
                ))}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
