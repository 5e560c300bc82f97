/**
 * Reading the API's web search blocks for display and summaries. The blocks themselves
 * are kept exactly as received (they go back to the API); these only look inside.
 */
import { isRecord } from '../isRecord';
import type { ServerToolUseBlock, WebSearchResultBlock } from '../types/message';

/** The server tool's name for web search, as declared in the request. */
export const WEB_SEARCH_TOOL_NAME = 'web_search';

/** What the model searched for; empty when the input has no query. */
export function searchQuery(block: ServerToolUseBlock): string {
  return isRecord(block.input) && typeof block.input.query === 'string' ? block.input.query : '';
}

export interface SearchResult {
  title: string;
  url: string;
}

/** The results' titles and addresses, each address once; none for an error result. */
export function searchResults(block: WebSearchResultBlock): SearchResult[] {
  if (!Array.isArray(block.content)) return [];
  const byUrl = new Map<string, SearchResult>();
  for (const item of block.content as unknown[]) {
    if (!isRecord(item) || typeof item.url !== 'string' || byUrl.has(item.url)) continue;
    byUrl.set(item.url, {
      url: item.url,
      title: typeof item.title === 'string' && item.title ? item.title : item.url,
    });
  }
  return [...byUrl.values()];
}

export function searchResultTitles(block: WebSearchResultBlock): string[] {
  return searchResults(block).map((result) => result.title);
}

/** The API's error code when the search failed (`max_uses_exceeded`, `unavailable`, …). */
export function searchError(block: WebSearchResultBlock): string | undefined {
  return isRecord(block.content) && typeof block.content.error_code === 'string'
    ? block.content.error_code
    : undefined;
}
