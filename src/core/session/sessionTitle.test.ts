import { describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_TITLE } from './sessionLog';
import { handoffSessionTitle, titleFromText } from './sessionTitle';
import { titleParts } from './titleParts';

describe('titleFromText', () => {
  it('keeps a first line that fits as it is, and ignores the lines after it', () => {
    expect(titleFromText('Plan the garden layout\nwith raised beds and a path')).toBe(
      'Plan the garden layout',
    );
    expect(titleFromText('Hi. Can you help?')).toBe('Hi. Can you help?');
  });

  it('strips Markdown marks from the line', () => {
    expect(titleFromText('## Fix the **login** bug in `auth.ts`')).toBe('Fix the login bug in auth.ts');
    expect(titleFromText('> quoted: see [the docs](https://example.com)')).toBe('quoted: see the docs');
    expect(titleFromText('- [ ] *ship* it')).toBe('ship it');
    expect(titleFromText('rename my_var_name to snake_case')).toBe('rename my_var_name to snake_case');
  });

  it('skips code fences and rules to the first line with words', () => {
    expect(titleFromText('```ts\nconst a = 1;\n```')).toBe('const a = 1;');
    expect(titleFromText('---\n\nWhy does this fail?')).toBe('Why does this fail?');
  });

  it('takes the first sentence of a long line', () => {
    const text =
      'Our billing service drops invoices at midnight. It started after the last deploy and nobody knows why.';
    expect(titleFromText(text)).toBe('Our billing service drops invoices at midnight.');
  });

  it('cuts a long sentence at a word boundary', () => {
    const long = 'A very long first message that goes on and on about many things at once, well past sixty';
    const title = titleFromText(long);
    expect(title).toBe('A very long first message that goes on and on about many…');
    expect(title.length).toBeLessThanOrEqual(60);
  });

  it('cuts a long word hard, and names an empty text with the default', () => {
    expect(titleFromText('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
    expect(titleFromText('   \n  ')).toBe(DEFAULT_SESSION_TITLE);
    expect(titleFromText('```\n```')).toBe(DEFAULT_SESSION_TITLE);
  });
});

describe('handoffSessionTitle', () => {
  it("takes the Goal's first line, plain and cut like any title, and numbers one past the parent", () => {
    expect(handoffSessionTitle('Plan the API', '\n- Ship the **billing** endpoints\n- and more')).toBe(
      'Ship the billing endpoints · part 2',
    );
    expect(handoffSessionTitle('Plan the API · part 2', `Rebuild ${'the importer '.repeat(10)}`)).toMatch(
      /^Rebuild the importer .{20,}… · part 3$/,
    );
  });

  it('drops quotation marks around the whole Goal, as the demo model writes it', () => {
    expect(handoffSessionTitle('Tell me about billing', '“Tell me about billing”')).toBe(
      'Tell me about billing · part 2',
    );
    expect(handoffSessionTitle('x', 'Use "strict" mode.')).toBe('Use "strict" mode · part 2');
  });

  it("keeps the parent's name when the Goal has no words", () => {
    expect(handoffSessionTitle('Plan the API', '  \n```\n```')).toBe('Plan the API · part 2');
    expect(handoffSessionTitle('Plan the API · part 2')).toBe('Plan the API · part 3');
  });
});

describe('titleParts', () => {
  it('splits the part number off a handoff title for the badge', () => {
    expect(titleParts('Plan the API · part 3')).toEqual({ name: 'Plan the API', part: 3 });
    expect(titleParts('Plan the API')).toEqual({ name: 'Plan the API' });
    // A title that is only the suffix keeps it: there would be no name left.
    expect(titleParts(' · part 2')).toEqual({ name: ' · part 2' });
  });

  it('round-trips with handoffSessionTitle', () => {
    expect(titleParts(handoffSessionTitle(handoffSessionTitle('Plan')))).toEqual({ name: 'Plan', part: 3 });
    expect(titleParts(handoffSessionTitle('Plan · part 4', 'Ship it.'))).toEqual({
      name: 'Ship it',
      part: 5,
    });
  });
});
