import { describe, expect, it } from 'vitest';
import { citedText, superscript } from './citedText';

const web = (url: string, title: string | undefined = 'A source') => ({ url, title, citedText: 'quoted' });

describe('citedText', () => {
  it('marks each cited block with numbered links and lists each source once, in order', () => {
    const { text, sources } = citedText({
      content: [
        { type: 'text', text: 'Key highlights include:\n- ' },
        { type: 'text', text: 'Revenue grew', citations: [web('https://a.example/q3', 'Q3 report')] },
        {
          type: 'text',
          text: ' and margins held',
          citations: [web('https://b.example/x'), web('https://a.example/q3')],
        },
        { type: 'text', text: '.' },
      ],
    });
    expect(text).toBe(
      'Key highlights include:\n- Revenue grew[¹](https://a.example/q3 "Source 1: Q3 report") and margins held' +
        '[²](https://b.example/x "Source 2: A source")[¹](https://a.example/q3 "Source 1: Q3 report").',
    );
    expect(sources).toEqual([
      { url: 'https://a.example/q3', title: 'Q3 report' },
      { url: 'https://b.example/x', title: 'A source' },
    ]);
  });

  it('links only http(s) sources, and keeps a URL with spaces or parentheses whole', () => {
    const { text, sources } = citedText({
      content: [
        {
          type: 'text',
          text: 'Claim',
          citations: [
            web('javascript:alert(1)'),
            { citedText: 'from a document' },
            web('https://w.example/a (b)'),
          ],
        },
      ],
    });
    expect(text).toBe('Claim[¹](https://w.example/a%20%28b%29 "Source 1: A source")');
    expect(sources).toEqual([{ url: 'https://w.example/a (b)', title: 'A source' }]);
  });

  it('writes numbers in superscript digits and keeps a quote in a title inside it', () => {
    expect(superscript(1)).toBe('¹');
    expect(superscript(107)).toBe('¹⁰⁷');
    const { text } = citedText({
      content: [{ type: 'text', text: 'X', citations: [web('https://q.example', 'The "best" one')] }],
    });
    expect(text).toBe('X[¹](https://q.example "Source 1: The \\"best\\" one")');
  });

  it('is the plain display text when nothing is cited', () => {
    expect(citedText({ content: [{ type: 'text', text: 'Just text' }] })).toEqual({
      text: 'Just text',
      sources: [],
    });
  });
});
