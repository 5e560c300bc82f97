import { describe, expect, it } from 'vitest';
import { expandPromptTemplate, type PromptTemplate, validateTemplateName } from './promptTemplates';

const review: PromptTemplate = {
  name: 'review',
  description: 'Review code',
  text: 'Review this: $ARGUMENTS',
};
const twice: PromptTemplate = { name: 'twice', text: '$ARGUMENTS and again $ARGUMENTS.' };
const plain: PromptTemplate = { name: 'explain', text: 'Explain the last answer simply.' };
const templates = [review, twice, plain];

describe('expandPromptTemplate', () => {
  it('replaces $ARGUMENTS with the trimmed arguments', () => {
    expect(expandPromptTemplate('/review   src/app.ts  ', templates)).toEqual({
      expanded: 'Review this: src/app.ts',
      template: review,
    });
  });

  it('replaces every occurrence', () => {
    expect(expandPromptTemplate('/twice go', templates)?.expanded).toBe('go and again go.');
  });

  it('replaces the placeholder with nothing when no arguments are given', () => {
    expect(expandPromptTemplate('/review', templates)?.expanded).toBe('Review this: ');
  });

  it('does not read $ patterns in the arguments as replacement patterns', () => {
    expect(expandPromptTemplate("/review $& $' $$ $1", templates)?.expanded).toBe("Review this: $& $' $$ $1");
  });

  it('appends arguments after a blank line when the text has no placeholder', () => {
    expect(expandPromptTemplate('/explain in German', templates)?.expanded).toBe(
      'Explain the last answer simply.\n\nin German',
    );
    expect(expandPromptTemplate('/explain', templates)?.expanded).toBe('Explain the last answer simply.');
  });

  it('takes multi-line arguments after a newline', () => {
    expect(expandPromptTemplate('/review\nline1\nline2', templates)?.expanded).toBe(
      'Review this: line1\nline2',
    );
  });

  it('returns undefined for anything that is not /name of a template', () => {
    expect(expandPromptTemplate('/reviewx', templates)).toBeUndefined();
    expect(expandPromptTemplate('/Review', templates)).toBeUndefined();
    expect(expandPromptTemplate('//review', templates)).toBeUndefined();
    expect(expandPromptTemplate(' /review', templates)).toBeUndefined();
    expect(expandPromptTemplate('review', templates)).toBeUndefined();
    expect(expandPromptTemplate('/review', [])).toBeUndefined();
  });
});

describe('validateTemplateName', () => {
  it('accepts a well-formed new name', () => {
    expect(validateTemplateName('review-2_x')).toBeUndefined();
  });

  it('rejects empty and malformed names', () => {
    expect(validateTemplateName('')).toMatch(/required/);
    expect(validateTemplateName('Review')).toMatch(/lowercase/);
    expect(validateTemplateName('two words')).toMatch(/lowercase/);
    expect(validateTemplateName('x'.repeat(65))).toMatch(/lowercase/);
  });

  it('rejects the name of a built-in command', () => {
    expect(validateTemplateName('handoff', ['new', 'handoff'])).toBe('/handoff is a built-in command');
  });

  it('rejects a name an existing template already has', () => {
    expect(validateTemplateName('review', [], templates)).toBe('A template named /review already exists');
  });
});
