/**
 * The text editor tool against the executor: each command, each result and error text
 * its docs prescribe (textEditorTexts.ts), and what the files and history hold after.
 */
import { describe, expect, it } from 'vitest';
import { MEMORY, makeTree, WORKSPACE } from '../../../testing/fixtures/workspaceTestFixtures';
import type { FileTree } from './fileTree';
import { createTextEditorTool, TEXT_EDITOR_TOOL_NAME } from './textEditorTool';

function setup() {
  const kit = makeTree(WORKSPACE);
  const tool = createTextEditorTool({ tree: () => kit.tree, sessionId: () => 'session-9' });
  let calls = 0;
  const call = async (input: Record<string, unknown>) =>
    tool.execute(input, new AbortController().signal, {
      id: `toolu_${++calls}`,
      name: TEXT_EDITOR_TOOL_NAME,
      input,
    });
  return { ...kit, tool, call };
}

async function textOf(tree: FileTree, path: string): Promise<string | undefined> {
  const file = await tree.read(path);
  return file && !file.body.binary ? file.body.text : undefined;
}

const PRIMES = 'def is_prime(n):\n    if n <= 1:\n        return False\n    return True\n';

describe('text editor tool: declaration', () => {
  it('is the API tool by type and name, with the view cap', () => {
    expect(setup().tool.definition).toMatchObject({
      type: 'text_editor_20250728',
      name: 'str_replace_based_edit_tool',
      max_characters: 16_000,
    });
    expect(setup().tool.definition.input_schema).toBeUndefined();
  });

  it('answers with an error when the session has no workspace, or is given the memory tree', async () => {
    const none = createTextEditorTool({ tree: () => undefined, sessionId: () => 's' });
    const memory = makeTree(MEMORY);
    const wrong = createTextEditorTool({ tree: () => memory.tree, sessionId: () => 's' });
    const input = { command: 'view', path: '/' };
    const expected = {
      content: 'Error: The workspace is not available right now; nothing was done.',
      isError: true,
    };
    expect(await none.execute(input, new AbortController().signal)).toEqual(expected);
    expect(await wrong.execute(input, new AbortController().signal)).toEqual(expected);
  });
});

describe('text editor tool: create', () => {
  it('creates a file and records the change with the call that made it', async () => {
    const { tree, call } = setup();
    expect(await call({ command: 'create', path: 'primes.py', file_text: PRIMES })).toEqual({
      content: 'File created successfully at: primes.py',
    });
    expect(await textOf(tree, '/primes.py')).toBe(PRIMES);
    const [meta] = await tree.list();
    expect(meta).toMatchObject({
      path: '/primes.py',
      size: PRIMES.length,
      binary: false,
      mediaType: 'text/x-python',
    });
    const [change] = await tree.history();
    expect(change).toMatchObject({
      path: '/primes.py',
      origin: {
        kind: 'tool',
        tool: 'str_replace_based_edit_tool',
        command: 'create',
        callId: 'toolu_1',
        sessionId: 'session-9',
      },
      edit: { kind: 'create', text: PRIMES },
    });
  });

  it('overwrites an existing file, keeping what it replaced for a revert', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: 'a.md', file_text: 'first' });
    expect(await call({ command: 'create', path: '/a.md', file_text: 'second' })).toEqual({
      content: 'File created successfully at: /a.md',
    });
    expect(await textOf(tree, 'a.md')).toBe('second');
    expect((await tree.history()).at(-1)?.edit).toEqual({
      kind: 'create',
      text: 'second',
      replaced: 'first',
    });
  });

  it('refuses a directory, a path under a file, and binary content (NUL)', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: 'src/main.ts', file_text: 'x' });
    expect(await call({ command: 'create', path: 'src', file_text: 'x' })).toEqual({
      content: 'Error: src is a directory; create needs the path of a file.',
      isError: true,
    });
    expect(await call({ command: 'create', path: 'src/main.ts/inner.ts', file_text: 'x' })).toEqual({
      content: 'Error: /src/main.ts is a file, so nothing can be created inside it.',
      isError: true,
    });
    expect(
      await call({ command: 'create', path: 'bin.dat', file_text: 'PK\u0003\u0004\u0000\u0000' }),
    ).toEqual({
      content:
        'Error: `file_text` contains NUL characters, so it is binary content, not text: nothing was written. The tools write text files only.',
      isError: true,
    });
    expect((await tree.list()).map((meta) => meta.path)).toEqual(['/src/main.ts']);
  });
});

describe('text editor tool: view', () => {
  it('shows a file with its line numbers, as "1: line"', async () => {
    const { call } = setup();
    await call({ command: 'create', path: 'primes.py', file_text: 'a\nb\nc' });
    expect(await call({ command: 'view', path: 'primes.py' })).toEqual({ content: '1: a\n2: b\n3: c' });
  });

  it('shows a view_range, -1 meaning to the end', async () => {
    const { call } = setup();
    await call({ command: 'create', path: 'f.txt', file_text: 'l1\nl2\nl3\nl4' });
    expect(await call({ command: 'view', path: 'f.txt', view_range: [2, 3] })).toEqual({
      content: '2: l2\n3: l3',
    });
    expect(await call({ command: 'view', path: 'f.txt', view_range: [3, -1] })).toEqual({
      content: '3: l3\n4: l4',
    });
  });

  it('refuses a view_range outside the file or malformed', async () => {
    const { call } = setup();
    await call({ command: 'create', path: 'f.txt', file_text: 'l1\nl2' });
    expect(await call({ command: 'view', path: 'f.txt', view_range: [3, 4] })).toEqual({
      content: 'Error: Invalid `view_range`: its first line, 3, should be within [1, 2].',
      isError: true,
    });
    expect(await call({ command: 'view', path: 'f.txt', view_range: [2, 1] })).toEqual({
      content: 'Error: Invalid `view_range`: its last line, 1, should be within [2, 2], or -1 for the end.',
      isError: true,
    });
    expect(await call({ command: 'view', path: 'f.txt', view_range: [1] })).toEqual({
      content:
        'Error: `view_range` must be two whole numbers, [start_line, end_line] (end_line -1 for the end).',
      isError: true,
    });
  });

  it('lists a directory two levels deep with sizes, leaving out hidden items and node_modules', async () => {
    const { call } = setup();
    await call({ command: 'create', path: 'README.md', file_text: 'x'.repeat(2048) });
    await call({ command: 'create', path: 'src/app/main.ts', file_text: 'abc' });
    await call({ command: 'create', path: 'src/app/deep/more.ts', file_text: 'abcd' });
    await call({ command: 'create', path: '.secret', file_text: 'hidden' });
    await call({ command: 'create', path: 'node_modules/x/index.js', file_text: 'dep' });
    const header =
      "Here're the files and directories up to 2 levels deep in /, excluding hidden items and node_modules:";
    expect(await call({ command: 'view', path: '/' })).toEqual({
      content: [header, '2.0K\t/', '2.0K\t/README.md', '7B\t/src/', '7B\t/src/app/'].join('\n'),
    });
    expect(await call({ command: 'view', path: 'src/' })).toEqual({
      content: [
        header.replace('in /,', 'in /src,'),
        '7B\t/src',
        '7B\t/src/app/',
        '4B\t/src/app/deep/',
        '3B\t/src/app/main.ts',
      ].join('\n'),
    });
    expect(await call({ command: 'view', path: 'src', view_range: [1, 2] })).toEqual({
      content: 'Error: `view_range` applies to files, and src is a directory.',
      isError: true,
    });
  });

  it('answers "Error: File not found" for a missing path, and lists an empty workspace', async () => {
    const { call } = setup();
    expect(await call({ command: 'view', path: 'nope.py' })).toEqual({
      content: 'Error: File not found',
      isError: true,
    });
    expect(await call({ command: 'view', path: '/' })).toEqual({
      content:
        "Here're the files and directories up to 2 levels deep in /, excluding hidden items and node_modules:\n0B\t/",
    });
  });

  it('stops a long view at 16,000 characters and says how to see the rest', async () => {
    const { call } = setup();
    const line = 'y'.repeat(99);
    await call({ command: 'create', path: 'big.txt', file_text: Array(400).fill(line).join('\n') });
    const result = await call({ command: 'view', path: 'big.txt' });
    expect(result.isError).toBeUndefined();
    const shown = result.content.split('\n');
    expect(shown).toHaveLength(161);
    expect(shown[159]).toBe(`160: ${line}`);
    expect(shown[160]).toBe(
      '[Shown up to line 160 of 400: a view shows at most 16,000 characters. Use view_range to see the lines after it.]',
    );
  });
});

describe('text editor tool: str_replace', () => {
  it('replaces the one occurrence and records it as a hunk', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: 'primes.py', file_text: PRIMES });
    expect(
      await call({
        command: 'str_replace',
        path: 'primes.py',
        old_str: 'return True',
        new_str: 'return n > 1',
      }),
    ).toEqual({ content: 'Successfully replaced text at exactly one location.' });
    expect(await textOf(tree, 'primes.py')).toBe(PRIMES.replace('return True', 'return n > 1'));
    expect((await tree.history()).at(-1)).toMatchObject({
      origin: { command: 'str_replace', callId: 'toolu_2' },
      edit: {
        kind: 'hunk',
        start: PRIMES.indexOf('return True'),
        removed: 'return True',
        inserted: 'return n > 1',
      },
    });
    expect((await tree.list())[0]?.size).toBe(PRIMES.length + 1);
  });

  it('answers the documented errors for no match, several matches and a missing file', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: 'p.py', file_text: PRIMES });
    expect(await call({ command: 'str_replace', path: 'p.py', old_str: 'missing', new_str: 'x' })).toEqual({
      content: 'Error: No match found for replacement. Please check your text and try again.',
      isError: true,
    });
    expect(await call({ command: 'str_replace', path: 'p.py', old_str: 'return', new_str: 'x' })).toEqual({
      content:
        'Error: Found 2 matches for replacement text. Please provide more context to make a unique match.',
      isError: true,
    });
    expect(await call({ command: 'str_replace', path: 'gone.py', old_str: 'a', new_str: 'b' })).toEqual({
      content: 'Error: File not found',
      isError: true,
    });
    expect(await textOf(tree, 'p.py')).toBe(PRIMES);
    expect(await tree.history()).toHaveLength(1);
  });

  it('counts overlapping occurrences as several', async () => {
    const { call } = setup();
    await call({ command: 'create', path: 'a.txt', file_text: 'aaa' });
    expect((await call({ command: 'str_replace', path: 'a.txt', old_str: 'aa', new_str: 'b' })).content).toBe(
      'Error: Found 2 matches for replacement text. Please provide more context to make a unique match.',
    );
  });

  it('takes new_str left out as empty, and refuses an empty old_str', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: 'a.txt', file_text: 'keep drop keep' });
    expect((await call({ command: 'str_replace', path: 'a.txt', old_str: ' drop' })).isError).toBeUndefined();
    expect(await textOf(tree, 'a.txt')).toBe('keep keep');
    expect(await call({ command: 'str_replace', path: 'a.txt', old_str: '', new_str: 'x' })).toEqual({
      content:
        'Error: `old_str` is empty: give the exact text to replace, with enough around it to be unique.',
      isError: true,
    });
  });
});

describe('text editor tool: insert', () => {
  it('inserts after the given line, taking insert_text (or new_str, as older docs named it)', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: 'list.md', file_text: 'one\ntwo\n' });
    expect(
      await call({ command: 'insert', path: 'list.md', insert_line: 1, insert_text: 'one and a half\n' }),
    ).toEqual({
      content: 'The file list.md has been edited.',
    });
    expect(await textOf(tree, 'list.md')).toBe('one\none and a half\ntwo\n');
    await call({ command: 'insert', path: 'list.md', insert_line: 0, new_str: 'zero' });
    expect(await textOf(tree, 'list.md')).toBe('zero\none\none and a half\ntwo\n');
    expect((await tree.history()).at(-1)?.edit).toMatchObject({
      kind: 'hunk',
      start: 0,
      removed: '',
      inserted: 'zero\n',
    });
  });

  it('appends after the last line', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: 'a.txt', file_text: 'a\nb' });
    await call({ command: 'insert', path: 'a.txt', insert_line: 2, insert_text: 'c' });
    expect(await textOf(tree, 'a.txt')).toBe('a\nb\nc');
  });

  it('refuses a line out of range and a missing file', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: 'a.txt', file_text: 'a\nb' });
    expect(await call({ command: 'insert', path: 'a.txt', insert_line: 3, insert_text: 'x' })).toEqual({
      content:
        'Error: Invalid `insert_line` parameter: 3. It should be within the range of lines of the file: [0, 2]',
      isError: true,
    });
    expect(await call({ command: 'insert', path: 'a.txt', insert_line: -1, insert_text: 'x' })).toEqual({
      content:
        'Error: Invalid `insert_line` parameter: -1. It should be within the range of lines of the file: [0, 2]',
      isError: true,
    });
    expect(await call({ command: 'insert', path: 'b.txt', insert_line: 0, insert_text: 'x' })).toEqual({
      content: 'Error: File not found',
      isError: true,
    });
    expect(await textOf(tree, 'a.txt')).toBe('a\nb');
  });
});

describe('text editor tool: bad input', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no command', { path: 'a' }, 'The input needs a `command`: one of view, create, str_replace, insert.'],
    [
      'an unknown command',
      { command: 'undo_edit', path: 'a' },
      'Unknown command `undo_edit`: the commands are view, create, str_replace, insert.',
    ],
    [
      "the memory tool's delete",
      { command: 'delete', path: 'a' },
      'Unknown command `delete`: the commands are view, create, str_replace, insert.',
    ],
    ['no path', { command: 'view' }, 'The `view` command needs `path`.'],
    [
      'a number for a path',
      { command: 'view', path: 7 },
      'The `view` command needs `path` as a string; it got a number.',
    ],
    ['no file_text', { command: 'create', path: 'a' }, 'The `create` command needs `file_text`.'],
    [
      'a list for file_text',
      { command: 'create', path: 'a', file_text: ['x'] },
      'The `create` command needs `file_text` as a string; it got a list.',
    ],
    [
      'no old_str',
      { command: 'str_replace', path: 'a', new_str: 'x' },
      'The `str_replace` command needs `old_str`.',
    ],
    [
      'an object for new_str',
      { command: 'str_replace', path: 'a', old_str: 'x', new_str: {} },
      'The `str_replace` command takes `new_str` as a string; it got an object.',
    ],
    [
      'a string insert_line',
      { command: 'insert', path: 'a', insert_line: '2', insert_text: 'x' },
      'The `insert` command needs `insert_line` as a whole number (0 inserts at the start); it got a string.',
    ],
    [
      'no insert_text',
      { command: 'insert', path: 'a', insert_line: 0 },
      'The `insert` command needs `insert_text`.',
    ],
  ];
  it.each(cases)('answers %s with a sentence naming the field', async (_name, input, sentence) => {
    const { tree, call } = setup();
    expect(await call(input)).toEqual({ content: `Error: ${sentence}`, isError: true });
    expect(await tree.list()).toEqual([]);
  });

  it('answers input that is not an object', async () => {
    const { tool } = setup();
    expect(await tool.execute('view /', new AbortController().signal)).toEqual({
      content: 'Error: The input must be an object with a `command` field.',
      isError: true,
    });
  });
});

describe('text editor tool: binary files (uploads)', () => {
  it('refuses to view or edit a binary file, and a create replaces it with text', async () => {
    const { tree, call } = setup();
    await tree.upload(
      'logo.png',
      new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }),
      'image/png',
    );
    const refusal = {
      content: 'Error: logo.png is a binary file (image/png); the tools view and edit text files only.',
      isError: true,
    };
    expect(await call({ command: 'view', path: 'logo.png' })).toEqual(refusal);
    expect(await call({ command: 'str_replace', path: 'logo.png', old_str: 'P', new_str: 'Q' })).toEqual(
      refusal,
    );
    expect(await call({ command: 'insert', path: 'logo.png', insert_line: 0, insert_text: 'x' })).toEqual(
      refusal,
    );
    expect(
      (await call({ command: 'create', path: 'logo.png', file_text: 'now text' })).isError,
    ).toBeUndefined();
    expect((await tree.history()).at(-1)?.edit).toEqual({ kind: 'create', text: 'now text', replaced: null });
    expect((await tree.read('logo.png'))?.meta).toMatchObject({ binary: false, mediaType: 'text/plain' });
  });

  it('records nothing for a create that writes what the file already holds', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: 'a.md', file_text: 'same' });
    expect(await call({ command: 'create', path: 'a.md', file_text: 'same' })).toEqual({
      content: 'File created successfully at: a.md',
    });
    expect(await tree.history()).toHaveLength(1);
  });
});
