/**
 * fast-check generators of markdown for the block splitter's tests: a "soup" of the
 * pieces whose meaning depends on what follows (markers, fences, underlines, titles,
 * CRLF), and well-formed documents of the blocks chat replies are made of.
 */
import fc from 'fast-check';

const SOUP_PIECES = [
  'a',
  'word ',
  'b c',
  '1. ',
  '2.',
  '1)',
  '10. ',
  '- ',
  '* ',
  '+ ',
  '> ',
  '# ',
  '## ',
  '#',
  '```',
  '```js',
  '~~~',
  '    ',
  '  ',
  ' ',
  '\t',
  '\n',
  '\n',
  '\n',
  '\n\n',
  '|',
  '| a | b |',
  '|---|---|',
  ':-',
  '---',
  '===',
  '***',
  '[a]: /u',
  '[a]: https://x.example',
  '[a]',
  '[a][]',
  '"',
  "'",
  '(',
  ')',
  't"',
  '<div>',
  '</div>',
  '<!--',
  '-->',
  '<pre>',
  '</pre>',
  '*',
  '_',
  '`',
  '\r\n',
  '\r',
  'x',
  '1',
  '[ ] ',
  '[x] ',
  '\\',
];

/** Arbitrary text built from markdown's ambiguous pieces. */
export const markdownSoup = fc
  .array(fc.constantFrom(...SOUP_PIECES), { maxLength: 60 })
  .map((pieces) => pieces.join(''));

const LINES = [
  '',
  '',
  ' ',
  'text',
  'more text',
  '> quote',
  '>',
  '-',
  '--',
  '---',
  '- item',
  '  - nested',
  '    indented',
  '* star',
  '+ plus',
  '1. one',
  '1)',
  '2',
  '2. two',
  '10.',
  '# heading',
  '===',
  '```',
  '```ts',
  '~~~',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '[a]: https://x.example',
  '[a]: /u "t"',
  '"title',
  'end"',
  "'t'",
  '(paren',
  ')',
  '<div>',
  '</div>',
  '<pre>',
  '<!-- c',
  '-->',
];

/** Lines that interact across line breaks (lazy lines, underlines, titles, fences). */
export const markdownLines = fc
  .tuple(fc.array(fc.constantFrom(...LINES), { maxLength: 30 }), fc.boolean())
  .map(([lines, crlf]) => lines.join(crlf ? '\r\n' : '\n'));

/** A link definition and lines that may or may not become its (multi-line) title. */
export const definitionLines = fc
  .array(fc.constantFrom('"t', "'t", '(t', 't"', "t'", 't)', '', 'x', '- x', '[b]: /v'), { maxLength: 12 })
  .map((lines) => ['[a]: https://x.example', ...lines].join('\n'));

const word = fc.constantFrom(
  'alpha',
  'beta',
  '**bold**',
  '_em_',
  '`code`',
  'x < y',
  'link [t](https://a.example)',
);
const sentence = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));

const paragraph = fc.array(sentence, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
const heading = fc
  .tuple(fc.integer({ min: 1, max: 3 }), sentence)
  .map(([level, text]) => `${'#'.repeat(level)} ${text}`);
const bulletList = fc
  .tuple(fc.array(sentence, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.boolean())
  .map(([items, loose, nested]) => {
    const lines = items.map((item) => `- ${item}`);
    if (nested) lines.splice(1, 0, `  - nested ${items[0]}`, ...(loose ? ['', '    more of it'] : []));
    return lines.join(loose ? '\n\n' : '\n');
  });
const orderedList = fc
  .tuple(fc.array(sentence, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([items, loose]) => items.map((item, i) => `${i + 1}. ${item}`).join(loose ? '\n\n' : '\n'));
const fencedCode = fc
  .tuple(
    fc.constantFrom('', 'ts', 'sh'),
    fc.array(fc.constantFrom('let a = 1;', '', '  return a;', '<b>'), {
      maxLength: 6,
    }),
  )
  .map(([lang, lines]) => `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``);
const table = fc
  .array(fc.tuple(word, word), { minLength: 1, maxLength: 4 })
  .map((rows) => ['| a | b |', '|:--|--:|', ...rows.map(([x, y]) => `| ${x} | ${y} |`)].join('\n'));
const blockquote = fc
  .array(sentence, { minLength: 1, maxLength: 3 })
  .map((lines) => lines.map((line) => `> ${line}`).join('\n'));

const block = fc.oneof(
  paragraph,
  heading,
  bulletList,
  orderedList,
  fencedCode,
  table,
  blockquote,
  fc.constant('---'),
);

/** A well-formed document: blocks separated by blank lines, as replies are written. */
export const markdownDocument = fc
  .array(fc.tuple(block, fc.constantFrom('\n\n', '\n\n', '\n\n\n')), { minLength: 1, maxLength: 10 })
  .map((parts) => parts.map(([text, gap]) => text + gap).join(''));

/** Cut points that feed `text` in chunks of 1 to 24 characters, ending with the whole. */
export function chunkEnds(text: string, sizes: readonly number[]): number[] {
  const ends: number[] = [];
  let end = 0;
  for (const size of sizes) {
    end += size;
    if (end >= text.length) break;
    ends.push(end);
  }
  ends.push(text.length);
  return ends;
}

export const chunkSizes = fc.array(fc.integer({ min: 1, max: 24 }), { maxLength: 200 });
