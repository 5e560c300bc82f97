import { describe, expect, it } from 'vitest';
import { type CompletionItem, completeSlash } from './autocomplete';

const item = (name: string, kind: CompletionItem['kind'] = 'command'): CompletionItem => ({
  name,
  description: `${name} description`,
  kind,
});

const items = [item('new'), item('handoff'), item('help'), item('review', 'template'), item('show-handoff')];
const names = (input: string) => completeSlash(input, items).map((i) => i.name);

describe('completeSlash', () => {
  it('lists everything, sorted, after a lone slash', () => {
    expect(names('/')).toEqual(['handoff', 'help', 'new', 'review', 'show-handoff']);
  });

  it('returns prefix matches sorted by name', () => {
    expect(names('/h')).toEqual(['handoff', 'help', 'show-handoff']);
    expect(names('/he')).toEqual(['help']);
  });

  it('puts prefix matches before substring matches', () => {
    expect(names('/hand')).toEqual(['handoff', 'show-handoff']);
    expect(names('/off')).toEqual(['handoff', 'show-handoff']);
    expect(names('/e')).toEqual(['help', 'new', 'review']);
    expect(names('/n')).toEqual(['new', 'handoff', 'show-handoff']);
  });

  it('keeps the full item, including kind and hint', () => {
    const withHint: CompletionItem = { name: 'handoff', hint: '[focus]', description: 'd', kind: 'command' };
    expect(completeSlash('/ha', [withHint])).toEqual([withHint]);
  });

  it('matches regardless of case', () => {
    expect(names('/HAND')).toEqual(['handoff', 'show-handoff']);
  });

  it('closes once whitespace follows the word', () => {
    expect(names('/handoff ')).toEqual([]);
    expect(names('/handoff focus')).toEqual([]);
    expect(names('/handoff\n')).toEqual([]);
  });

  it('offers nothing outside the slash-word position', () => {
    expect(names('')).toEqual([]);
    expect(names('handoff')).toEqual([]);
    expect(names(' /h')).toEqual([]);
    expect(names('//h')).toEqual([]);
    expect(names('/zzz')).toEqual([]);
    expect(names('/ü')).toEqual([]);
  });

  it('does not reorder the caller array', () => {
    const copy = [...items];
    completeSlash('/', items);
    expect(items).toEqual(copy);
  });
});
