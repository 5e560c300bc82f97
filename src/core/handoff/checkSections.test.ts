import { describe, expect, it } from 'vitest';
import { checkHandoffSections } from './checkSections';
import { HANDOFF_SECTIONS } from './handoffPrompt';

const full = HANDOFF_SECTIONS.map((name) => `## ${name}\nSomething about ${name}.`).join('\n\n');

describe('checkHandoffSections', () => {
  it('finds nothing wrong in a complete document', () => {
    expect(checkHandoffSections(full)).toEqual({ missing: [], empty: [] });
  });

  it('lists missing sections in the canonical order', () => {
    const doc = '## Goal\nShip it\n## Next Steps\n1. Test';
    expect(checkHandoffSections(doc).missing).toEqual([
      'Constraints & Preferences',
      'Progress',
      'Key Decisions',
      'Critical Context',
    ]);
  });

  it('lists sections whose body is blank', () => {
    const doc = full.replace('Something about Progress.', '   ');
    expect(checkHandoffSections(doc)).toEqual({ missing: [], empty: ['Progress'] });
  });

  it('accepts other heading levels, bold headings, colons and "and" for "&"', () => {
    const doc = [
      '# Goal',
      'x',
      '**Constraints and Preferences:**',
      'y',
      '### Progress:',
      'z',
      '#### key decisions',
      'w',
      '## Critical Context ##',
      'v',
      '**Next Steps**',
      'u',
    ].join('\n');
    expect(checkHandoffSections(doc)).toEqual({ missing: [], empty: [] });
  });

  it('does not take a heading of another name as content of the previous section', () => {
    const doc = full.replace('Something about Goal.', '## Background\nlots of text');
    expect(checkHandoffSections(doc).empty).toEqual(['Goal']);
  });

  it('reports all six missing for an empty or unstructured document', () => {
    expect(checkHandoffSections('just some prose').missing).toEqual([...HANDOFF_SECTIONS]);
    expect(checkHandoffSections('').missing).toHaveLength(6);
  });
});
