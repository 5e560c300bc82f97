import { describe, expect, it } from 'vitest';
import type { WebSearchResultBlock } from '../types/message';
import { searchError, searchQuery, searchResults } from './webSearch';

const result = (content: unknown): WebSearchResultBlock => ({
  type: 'web_search_tool_result',
  tool_use_id: 's',
  content,
});

describe('web search blocks', () => {
  it('reads the query, or nothing from an input without one', () => {
    expect(searchQuery({ type: 'server_tool_use', id: 's', name: 'web_search', input: { query: 'q' } })).toBe(
      'q',
    );
    expect(searchQuery({ type: 'server_tool_use', id: 's', name: 'web_search', input: 'q' })).toBe('');
  });

  it('lists each address once, titled by its title or else its address, skipping damaged items', () => {
    expect(
      searchResults(
        result([
          { type: 'web_search_result', url: 'https://a.example', title: 'A' },
          { type: 'web_search_result', url: 'https://a.example', title: 'A again' },
          { type: 'web_search_result', url: 'https://b.example', title: '' },
          { type: 'web_search_result', title: 'no address' },
          'not a result',
        ]),
      ),
    ).toEqual([
      { url: 'https://a.example', title: 'A' },
      { url: 'https://b.example', title: 'https://b.example' },
    ]);
  });

  it('names the error of a failed search, and lists no results for it', () => {
    const failed = result({ type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' });
    expect(searchError(failed)).toBe('max_uses_exceeded');
    expect(searchResults(failed)).toEqual([]);
    expect(searchError(result([]))).toBeUndefined();
  });
});
