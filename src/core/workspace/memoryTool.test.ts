/**
 * The memory tool against the executor: each of its six commands, each result and error
 * text its docs prescribe (memoryTexts.ts), and its confinement to /memories.
 */
import { describe, expect, it } from 'vitest';
import { MEMORY, makeTree, WORKSPACE } from '../../../testing/fixtures/workspaceTestFixtures';
import type { FileTree } from './fileTree';
import { createMemoryTool, MEMORY_TOOL_NAME } from './memoryTool';

function setup() {
  const kit = makeTree(MEMORY);
  const tool = createMemoryTool({ tree: () => kit.tree, sessionId: () => 'session-2' });
  let calls = 0;
  const call = async (input: Record<string, unknown>) =>
    tool.execute(input, new AbortController().signal, {
      id: `toolu_${++calls}`,
      name: MEMORY_TOOL_NAME,
      input,
    });
  return { ...kit, tool, call };
}

async function textOf(tree: FileTree, path: string): Promise<string | undefined> {
  const file = await tree.read(path);
  return file && !file.body.binary ? file.body.text : undefined;
}

const paths = async (tree: FileTree) => (await tree.list()).map((meta) => meta.path);

describe('memory tool: declaration', () => {
  it('is the API tool by type and name, offered while the Memory setting is on', () => {
    let on = false;
    const tool = createMemoryTool({ tree: () => undefined, sessionId: () => 's', enabled: () => on });
    expect(tool.definition).toMatchObject({ type: 'memory_20250818', name: 'memory' });
    expect(tool.definition.input_schema).toBeUndefined();
    expect(tool.isAvailable?.({ startedByHandoff: false })).toBe(false);
    on = true;
    expect(tool.isAvailable?.({ startedByHandoff: false })).toBe(true);
  });

  it('runs only on the memory tree', async () => {
    const workspace = makeTree(WORKSPACE);
    const tool = createMemoryTool({ tree: () => workspace.tree, sessionId: () => 's' });
    expect(await tool.execute({ command: 'view', path: '/memories' }, new AbortController().signal)).toEqual({
      content: 'Error: The memory directory is not available right now; nothing was done.',
      isError: true,
    });
  });
});

describe('memory tool: view', () => {
  const header = (path: string) =>
    `Here're the files and directories up to 2 levels deep in ${path}, excluding hidden items and node_modules:`;

  it('lists an empty /memories without an error', async () => {
    const { call } = setup();
    expect(await call({ command: 'view', path: '/memories' })).toEqual({
      content: `${header('/memories')}\n0B\t/memories`,
    });
  });

  it('lists files with human-readable sizes, tab-separated', async () => {
    const { call } = setup();
    await call({
      command: 'create',
      path: '/memories/customer_service_guidelines.xml',
      file_text: 'g'.repeat(1536),
    });
    await call({ command: 'create', path: '/memories/refund_policies.xml', file_text: 'r'.repeat(2048) });
    expect(await call({ command: 'view', path: '/memories' })).toEqual({
      content: [
        header('/memories'),
        '3.5K\t/memories',
        '1.5K\t/memories/customer_service_guidelines.xml',
        '2.0K\t/memories/refund_policies.xml',
      ].join('\n'),
    });
  });

  it('shows a file with its header and 6-wide, tab-separated line numbers', async () => {
    const { call } = setup();
    await call({
      command: 'create',
      path: '/memories/notes.txt',
      file_text: 'Hello World\nThis is line two',
    });
    expect(await call({ command: 'view', path: '/memories/notes.txt' })).toEqual({
      content:
        "Here's the content of /memories/notes.txt with line numbers:\n     1\tHello World\n     2\tThis is line two",
    });
    expect(await call({ command: 'view', path: '/memories/notes.txt', view_range: [2, -1] })).toEqual({
      content: "Here's the content of /memories/notes.txt with line numbers:\n     2\tThis is line two",
    });
  });

  it('answers a missing path with the documented sentence', async () => {
    const { call } = setup();
    expect(await call({ command: 'view', path: '/memories/none.md' })).toEqual({
      content: 'The path /memories/none.md does not exist. Please provide a valid path.',
      isError: true,
    });
  });

  it('refuses a file of more than 999,999 lines', async () => {
    const { call } = setup();
    await call({ command: 'create', path: '/memories/lines.txt', file_text: '\n'.repeat(1_000_000) });
    expect(await call({ command: 'view', path: '/memories/lines.txt' })).toEqual({
      content: 'File /memories/lines.txt exceeds maximum line limit of 999,999 lines.',
      isError: true,
    });
  });
});

describe('memory tool: create, str_replace, insert', () => {
  it('creates, and overwrites an existing file (a valid choice, its docs say)', async () => {
    const { tree, call } = setup();
    expect(
      await call({ command: 'create', path: '/memories/notes.txt', file_text: 'Meeting notes:\n' }),
    ).toEqual({
      content: 'File created successfully at: /memories/notes.txt',
    });
    await call({ command: 'create', path: '/memories/notes.txt', file_text: 'New notes\n' });
    expect(await textOf(tree, '/memories/notes.txt')).toBe('New notes\n');
  });

  it('replaces and shows a snippet of the edited file with line numbers', async () => {
    const { tree, call } = setup();
    const text = 'a\nb\nc\nFavorite color: blue\nd\ne\nf\n';
    await call({ command: 'create', path: '/memories/preferences.txt', file_text: text });
    expect(
      await call({
        command: 'str_replace',
        path: '/memories/preferences.txt',
        old_str: 'Favorite color: blue',
        new_str: 'Favorite color: green',
      }),
    ).toEqual({
      content: [
        'The memory file has been edited.',
        '     2\tb',
        '     3\tc',
        '     4\tFavorite color: green',
        '     5\td',
        '     6\te',
      ].join('\n'),
    });
    expect(await textOf(tree, '/memories/preferences.txt')).toBe(text.replace('blue', 'green'));
  });

  it('answers the documented str_replace errors', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: '/memories/p.txt', file_text: 'x\ny x\nz\nx' });
    expect(
      await call({ command: 'str_replace', path: '/memories/p.txt', old_str: 'q', new_str: 'r' }),
    ).toEqual({
      content: 'No replacement was performed, old_str `q` did not appear verbatim in /memories/p.txt.',
      isError: true,
    });
    expect(
      await call({ command: 'str_replace', path: '/memories/p.txt', old_str: 'x', new_str: 'r' }),
    ).toEqual({
      content:
        'No replacement was performed. Multiple occurrences of old_str `x` in lines: 1, 2, 4. Please ensure it is unique',
      isError: true,
    });
    expect(
      await call({ command: 'str_replace', path: '/memories/none.txt', old_str: 'x', new_str: 'r' }),
    ).toEqual({
      content: 'Error: The path /memories/none.txt does not exist. Please provide a valid path.',
      isError: true,
    });
    await call({ command: 'create', path: '/memories/dir/f.txt', file_text: 'x' });
    expect(
      (await call({ command: 'str_replace', path: '/memories/dir', old_str: 'x', new_str: 'r' })).content,
    ).toBe('Error: The path /memories/dir does not exist. Please provide a valid path.');
    expect(await textOf(tree, '/memories/p.txt')).toBe('x\ny x\nz\nx');
  });

  it('inserts at a line, and answers the documented insert errors', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: '/memories/todo.txt', file_text: '- one\n- two\n' });
    expect(
      await call({
        command: 'insert',
        path: '/memories/todo.txt',
        insert_line: 2,
        insert_text: '- Review memory tool documentation\n',
      }),
    ).toEqual({ content: 'The file /memories/todo.txt has been edited.' });
    expect(await textOf(tree, '/memories/todo.txt')).toBe(
      '- one\n- two\n- Review memory tool documentation\n',
    );
    expect(
      await call({ command: 'insert', path: '/memories/todo.txt', insert_line: 9, insert_text: 'x' }),
    ).toEqual({
      content:
        'Error: Invalid `insert_line` parameter: 9. It should be within the range of lines of the file: [0, 4]',
      isError: true,
    });
    expect(
      await call({ command: 'insert', path: '/memories/gone.txt', insert_line: 0, insert_text: 'x' }),
    ).toEqual({
      content: 'Error: The path /memories/gone.txt does not exist',
      isError: true,
    });
  });
});

describe('memory tool: delete and rename', () => {
  it('deletes a file, or a directory with everything in it, each file a change', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: '/memories/old_file.txt', file_text: 'old' });
    await call({ command: 'create', path: '/memories/proj/a.md', file_text: 'a' });
    await call({ command: 'create', path: '/memories/proj/deep/b.md', file_text: 'b' });
    await call({ command: 'create', path: '/memories/keep.md', file_text: 'k' });
    expect(await call({ command: 'delete', path: '/memories/old_file.txt' })).toEqual({
      content: 'Successfully deleted /memories/old_file.txt',
    });
    expect(await call({ command: 'delete', path: '/memories/proj' })).toEqual({
      content: 'Successfully deleted /memories/proj',
    });
    expect(await paths(tree)).toEqual(['/memories/keep.md']);
    const deletes = (await tree.history()).filter((change) => change.edit.kind === 'delete');
    expect(deletes.map((change) => [change.path, change.edit])).toEqual([
      ['/memories/old_file.txt', { kind: 'delete', text: 'old' }],
      ['/memories/proj/a.md', { kind: 'delete', text: 'a' }],
      ['/memories/proj/deep/b.md', { kind: 'delete', text: 'b' }],
    ]);
  });

  it('answers the documented delete error, and never deletes /memories itself', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: '/memories/a.md', file_text: 'a' });
    expect(await call({ command: 'delete', path: '/memories/none' })).toEqual({
      content: 'Error: The path /memories/none does not exist',
      isError: true,
    });
    expect(await call({ command: 'delete', path: '/memories' })).toEqual({
      content: 'Error: The /memories directory itself cannot be deleted.',
      isError: true,
    });
    expect(await call({ command: 'delete', path: '/memories/' })).toMatchObject({ isError: true });
    expect(await paths(tree)).toEqual(['/memories/a.md']);
  });

  it('renames a file or a directory', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: '/memories/draft.txt', file_text: 'd' });
    await call({ command: 'create', path: '/memories/proj/a.md', file_text: 'a' });
    expect(
      await call({ command: 'rename', old_path: '/memories/draft.txt', new_path: '/memories/final.txt' }),
    ).toEqual({
      content: 'Successfully renamed /memories/draft.txt to /memories/final.txt',
    });
    expect(
      await call({ command: 'rename', old_path: '/memories/proj', new_path: '/memories/archive/proj' }),
    ).toEqual({
      content: 'Successfully renamed /memories/proj to /memories/archive/proj',
    });
    expect(await paths(tree)).toEqual(['/memories/archive/proj/a.md', '/memories/final.txt']);
    expect(await textOf(tree, '/memories/final.txt')).toBe('d');
    expect((await tree.history()).at(-1)).toMatchObject({
      path: '/memories/archive/proj/a.md',
      edit: { kind: 'rename', from: '/memories/proj/a.md' },
    });
  });

  it('answers the documented rename errors and refuses moves it cannot make', async () => {
    const { tree, call } = setup();
    await call({ command: 'create', path: '/memories/a.md', file_text: 'a' });
    await call({ command: 'create', path: '/memories/b.md', file_text: 'b' });
    await call({ command: 'create', path: '/memories/dir/c.md', file_text: 'c' });
    const before = await paths(tree);
    expect(
      await call({ command: 'rename', old_path: '/memories/none.md', new_path: '/memories/x.md' }),
    ).toEqual({
      content: 'Error: The path /memories/none.md does not exist',
      isError: true,
    });
    expect(await call({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/b.md' })).toEqual(
      {
        content: 'Error: The destination /memories/b.md already exists',
        isError: true,
      },
    );
    expect(await call({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/dir' })).toEqual({
      content: 'Error: The destination /memories/dir already exists',
      isError: true,
    });
    expect(await call({ command: 'rename', old_path: '/memories', new_path: '/memories/x' })).toEqual({
      content: 'Error: The /memories directory itself cannot be renamed.',
      isError: true,
    });
    expect(
      await call({ command: 'rename', old_path: '/memories/dir', new_path: '/memories/dir/sub' }),
    ).toEqual({
      content: 'Error: /memories/dir cannot be moved inside itself.',
      isError: true,
    });
    expect(await call({ command: 'rename', old_path: '/memories/a.md', new_path: '/notes/a.md' })).toEqual({
      content: 'Error: Memory paths must lie under /memories, as /memories/notes.md does.',
      isError: true,
    });
    expect(
      await call({ command: 'rename', old_path: '/memories/a.md', new_path: '/memories/b.md/a.md' }),
    ).toEqual({
      content: 'Error: /memories/b.md is a file, so nothing can be moved inside it.',
      isError: true,
    });
    expect(await paths(tree)).toEqual(before);
  });

  it('needs both paths', async () => {
    const { call } = setup();
    expect(await call({ command: 'rename', old_path: '/memories/a.md' })).toEqual({
      content: 'Error: The `rename` command needs `new_path`.',
      isError: true,
    });
  });
});

describe('memory tool: confinement', () => {
  it('refuses every path outside /memories, for every command, and writes nothing', async () => {
    const { tree, call } = setup();
    const attacks = [
      '/memories/../../secrets.env',
      '/etc/passwd',
      '../x',
      '/memories/..\\..\\x',
      '/memories/a\u0000b',
      'notes.md',
    ];
    for (const path of attacks) {
      for (const input of [
        { command: 'view', path },
        { command: 'create', path, file_text: 'x' },
        { command: 'str_replace', path, old_str: 'a', new_str: 'b' },
        { command: 'insert', path, insert_line: 0, insert_text: 'x' },
        { command: 'delete', path },
        { command: 'rename', old_path: path, new_path: '/memories/ok.md' },
      ]) {
        const result = await call(input);
        expect(result.isError, `${input.command} ${JSON.stringify(path)}`).toBe(true);
        expect(result.content).toMatch(/^Error: (The path contains|Memory paths must lie under)/);
      }
    }
    expect(await tree.list()).toEqual([]);
    expect(await tree.history()).toEqual([]);
  });
});
