/**
 * The FileTree's user operations (edit, upload, delete, rename), revert in all its cases,
 * and what a failed commit leaves: the files and history exactly as they were.
 */
import { describe, expect, it } from 'vitest';
import { MEMORY, makeTree } from '../../../testing/fixtures/workspaceTestFixtures';
import { changeDiff } from './changeDiff';
import { type FileTree, WorkspaceError } from './fileTree';

async function textOf(tree: FileTree, path: string): Promise<string | undefined> {
  const file = await tree.read(path);
  return file && !file.body.binary ? file.body.text : undefined;
}

async function rejection(promise: Promise<unknown>): Promise<WorkspaceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof WorkspaceError)) throw new Error(`expected a WorkspaceError, got ${String(error)}`);
  return error;
}

describe('FileTree: hand edits', () => {
  it('creates a text file, then records an edit as the hunk between the texts', async () => {
    const { tree } = makeTree();
    const created = await tree.writeText('notes.md', 'one\ntwo\nthree\n');
    expect(created).toMatchObject({ path: '/notes.md', origin: { kind: 'user', action: 'edit' } });
    expect(created.edit).toEqual({ kind: 'create', text: 'one\ntwo\nthree\n' });
    const edited = await tree.writeText('/notes.md', 'one\n2\nthree\n');
    expect(edited.edit).toMatchObject({ kind: 'hunk', start: 4, removed: 'two', inserted: '2' });
    expect(changeDiff(edited).map((line) => line.kind)).toEqual(['context', 'removed', 'added', 'context']);
    expect(await textOf(tree, 'notes.md')).toBe('one\n2\nthree\n');
    expect((await tree.list())[0]).toMatchObject({
      size: 12,
      mediaType: 'text/markdown',
      modifiedAt: edited.at,
    });
  });

  it('refuses an edit that changes nothing, a folder, and a bad path', async () => {
    const { tree } = makeTree();
    await tree.writeText('a/b.md', 'x');
    expect((await rejection(tree.writeText('a/b.md', 'x'))).message).toBe(
      '/a/b.md already holds this text; nothing was changed.',
    );
    expect((await rejection(tree.writeText('a', 'x'))).message).toBe(
      '/a is a folder, so it cannot be written as a file.',
    );
    expect((await rejection(tree.writeText('../b.md', 'x'))).message).toBe(
      'The path contains "..", which is not allowed: paths stay inside their root.',
    );
    expect(await tree.history()).toHaveLength(1);
  });
});

describe('FileTree: uploads', () => {
  it('keeps a text-like, valid UTF-8 upload as text, byte for byte (a BOM included)', async () => {
    const { tree } = makeTree();
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9]); // BOM, "hé"
    const change = await tree.upload('doc.txt', new Blob([bytes]), 'text/plain');
    expect(change.edit).toEqual({ kind: 'create', text: '\ufeffhé' });
    expect((await tree.list())[0]).toMatchObject({ binary: false, size: 6, mediaType: 'text/plain' });
  });

  it('takes a vaguely typed upload as text when its name says so (.md as "", .ts as video/mp2t)', async () => {
    const { tree } = makeTree();
    await tree.upload('a.md', new Blob(['# A']), '');
    await tree.upload('b.ts', new Blob(['let b = 1;']), 'video/mp2t');
    const files = await tree.list();
    expect(files.map((meta) => [meta.path, meta.binary, meta.mediaType])).toEqual([
      ['/a.md', false, 'text/markdown'],
      ['/b.ts', false, 'text/x-typescript'],
    ]);
  });

  it('keeps anything else as binary: an image, invalid UTF-8 text, text with NUL', async () => {
    const { tree } = makeTree();
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const change = await tree.upload('img/logo.png', png, 'image/png');
    expect(change.edit).toEqual({ kind: 'create', text: null });
    await tree.upload('bad.txt', new Blob([new Uint8Array([0xff, 0xfe, 0x41])]), 'text/plain');
    await tree.upload('nul.txt', new Blob(['a\u0000b']), 'text/plain');
    const files = await tree.list();
    expect(files.map((meta) => [meta.path, meta.binary])).toEqual([
      ['/bad.txt', true],
      ['/img/logo.png', true],
      ['/nul.txt', true],
    ]);
    const stored = await tree.read('img/logo.png');
    expect(stored?.body.binary && new Uint8Array(await stored.body.blob.arrayBuffer())).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    );
  });

  it('refuses an upload over the file limit without reading it', async () => {
    const { tree } = makeTree();
    const huge = {
      size: 6 * 1024 * 1024,
      arrayBuffer: () => Promise.reject(new Error('read')),
    } as unknown as Blob;
    expect((await rejection(tree.upload('big.bin', huge, 'application/octet-stream'))).message).toBe(
      'The file would be larger than the limit of 5 MB a file (it would be 6 MB); nothing was written.',
    );
    expect(await tree.list()).toEqual([]);
  });
});

describe('FileTree: delete and rename', () => {
  it('deletes a file, keeping its text in the change', async () => {
    const { tree } = makeTree();
    await tree.writeText('a.md', 'gone');
    expect((await tree.remove('a.md')).edit).toEqual({ kind: 'delete', text: 'gone' });
    expect(await tree.list()).toEqual([]);
    expect((await rejection(tree.remove('a.md'))).message).toBe('There is no file at /a.md to delete.');
  });

  it('renames a file to a free name, its type following the new name', async () => {
    const { tree } = makeTree();
    await tree.writeText('notes.txt', '# Notes');
    await tree.writeText('taken.md', 't');
    const change = await tree.rename('notes.txt', 'docs/notes.md');
    expect(change).toMatchObject({ path: '/docs/notes.md', edit: { kind: 'rename', from: '/notes.txt' } });
    expect((await tree.read('docs/notes.md'))?.meta.mediaType).toBe('text/markdown');
    expect((await rejection(tree.rename('docs/notes.md', 'taken.md'))).message).toBe(
      '/taken.md already exists; rename /docs/notes.md to a name not yet taken.',
    );
    expect((await rejection(tree.rename('nope.md', 'x.md'))).message).toBe(
      'There is no file at /nope.md to rename.',
    );
  });
});

describe('FileTree: revert', () => {
  it('reverts a hunk, marking the change and recording the revert, in one commit', async () => {
    const { tree, store, run } = makeTree();
    await run({ command: 'create', path: 'a.txt', file_text: 'alpha\nbeta\ngamma\n' });
    await run({ command: 'str_replace', path: 'a.txt', old_str: 'beta', new_str: 'BETA' });
    const [, edit] = await tree.history();
    let commits = 0;
    const commit = store.commit.bind(store);
    store.commit = (...args) => {
      commits++;
      return commit(...args);
    };
    const revert = await tree.revert(edit?.id ?? '');
    expect(commits).toBe(1);
    expect(await textOf(tree, 'a.txt')).toBe('alpha\nbeta\ngamma\n');
    expect(revert).toMatchObject({
      reverts: edit?.id,
      origin: { kind: 'user', action: 'revert' },
      edit: { kind: 'hunk', removed: 'BETA', inserted: 'beta' },
    });
    const history = await tree.history();
    expect(history.find((change) => change.id === edit?.id)?.revertedBy).toBe(revert.id);
    expect((await rejection(tree.revert(edit?.id ?? ''))).message).toBe(
      'This change has already been reverted.',
    );
  });

  it('follows a hunk moved by a later edit above it', async () => {
    const { tree, run } = makeTree();
    await run({ command: 'create', path: 'a.txt', file_text: 'one\ntwo\nthree\n' });
    await run({ command: 'str_replace', path: 'a.txt', old_str: 'three', new_str: '3' });
    await run({ command: 'insert', path: 'a.txt', insert_line: 0, insert_text: 'zero and more' });
    const target = (await tree.history())[1];
    await tree.revert(target?.id ?? '');
    expect(await textOf(tree, 'a.txt')).toBe('zero and more\none\ntwo\nthree\n');
  });

  it('refuses a hunk whose place was edited again since, changing nothing', async () => {
    const { tree, run } = makeTree();
    await run({ command: 'create', path: 'a.txt', file_text: 'one\ntwo\nthree\n' });
    await run({ command: 'str_replace', path: 'a.txt', old_str: 'two', new_str: 'deux' });
    await run({ command: 'str_replace', path: 'a.txt', old_str: 'deux\nthree', new_str: 'zwei\ndrei' });
    const history = await tree.history();
    expect((await rejection(tree.revert(history[1]?.id ?? ''))).message).toBe(
      'This change can no longer be reverted: the file has changed there since.',
    );
    expect(await textOf(tree, 'a.txt')).toBe('one\nzwei\ndrei\n');
    expect(await tree.history()).toEqual(history);
    // The later change itself can still be undone, and then the earlier one too.
    await tree.revert(history[2]?.id ?? '');
    await tree.revert(history[1]?.id ?? '');
    expect(await textOf(tree, 'a.txt')).toBe('one\ntwo\nthree\n');
  });

  it('refuses a hunk of a file deleted since', async () => {
    const { tree, run } = makeTree();
    await run({ command: 'create', path: 'a.txt', file_text: 'x' });
    await run({ command: 'str_replace', path: 'a.txt', old_str: 'x', new_str: 'y' });
    await tree.remove('a.txt');
    const edit = (await tree.history())[1];
    expect((await rejection(tree.revert(edit?.id ?? ''))).message).toBe(
      'This change can no longer be reverted: the file was deleted since.',
    );
  });

  it('reverts a create (the file goes) and an overwrite (the old text comes back)', async () => {
    const { tree, run } = makeTree();
    await run({ command: 'create', path: 'new.md', file_text: 'fresh' });
    await tree.revert((await tree.history())[0]?.id ?? '');
    expect(await tree.list()).toEqual([]);
    await run({ command: 'create', path: 'b.md', file_text: 'old' });
    await run({ command: 'create', path: 'b.md', file_text: 'new' });
    const overwrite = (await tree.history()).at(-1);
    const revert = await tree.revert(overwrite?.id ?? '');
    expect(revert.edit).toEqual({ kind: 'create', text: 'old', replaced: 'new' });
    expect(await textOf(tree, 'b.md')).toBe('old');
  });

  it('refuses to revert a create once the file changed', async () => {
    const { tree, run } = makeTree();
    await run({ command: 'create', path: 'c.md', file_text: 'first' });
    await tree.writeText('c.md', 'edited');
    expect((await rejection(tree.revert((await tree.history())[0]?.id ?? ''))).message).toBe(
      'This change can no longer be reverted: the file has changed since.',
    );
  });

  it('reverts a delete (the text comes back) unless the path is taken again', async () => {
    const { tree, run } = makeTree();
    await run({ command: 'create', path: 'd.md', file_text: 'keep me' });
    const deleted = await tree.remove('d.md');
    await tree.revert(deleted.id);
    expect(await textOf(tree, 'd.md')).toBe('keep me');
    const again = await tree.remove('d.md');
    await tree.writeText('d.md', 'other');
    expect((await rejection(tree.revert(again.id))).message).toBe(
      'This change can no longer be reverted: /d.md exists again.',
    );
  });

  it('cannot bring back a deleted binary file', async () => {
    const { tree } = makeTree();
    await tree.upload('i.png', new Blob([new Uint8Array([1, 2])]), 'image/png');
    const deleted = await tree.remove('i.png');
    expect((await rejection(tree.revert(deleted.id))).message).toBe(
      'This change can no longer be reverted: a deleted binary file cannot be brought back.',
    );
  });

  it('reverts a rename, moving the file back', async () => {
    const { tree } = makeTree();
    await tree.writeText('a.md', 'A');
    const renamed = await tree.rename('a.md', 'b.md');
    const revert = await tree.revert(renamed.id);
    expect(revert).toMatchObject({ path: '/a.md', edit: { kind: 'rename', from: '/b.md' } });
    expect((await tree.list()).map((meta) => meta.path)).toEqual(['/a.md']);
  });

  it('reverting a revert brings the change back, shown as not reverted', async () => {
    const { tree, run } = makeTree();
    await run({ command: 'create', path: 'a.txt', file_text: 'a' });
    await run({ command: 'str_replace', path: 'a.txt', old_str: 'a', new_str: 'b' });
    const edit = (await tree.history())[1];
    const revert = await tree.revert(edit?.id ?? '');
    await tree.revert(revert.id);
    expect(await textOf(tree, 'a.txt')).toBe('b');
    expect((await tree.history()).find((change) => change.id === edit?.id)?.revertedBy).toBeUndefined();
  });

  it('refuses an unknown change', async () => {
    const { tree } = makeTree();
    expect((await rejection(tree.revert('nope'))).message).toBe('That change is no longer in the history.');
  });
});

describe('FileTree: a failing commit', () => {
  const QUOTA =
    "Error: The browser's storage is full, so nothing was written. Free some space (delete files or old sessions) and try again.";

  it('gives the tool an error result and leaves files and history unchanged, for every writing command', async () => {
    const { tree, store, run } = makeTree(MEMORY);
    await run({ command: 'create', path: '/memories/a.md', file_text: 'one\ntwo\n' });
    const files = await tree.list();
    const history = await tree.history();
    store.failCommits = new Error('QuotaExceededError');
    for (const input of [
      { command: 'create', path: '/memories/b.md', file_text: 'x' },
      { command: 'create', path: '/memories/a.md', file_text: 'x' },
      { command: 'str_replace', path: '/memories/a.md', old_str: 'one', new_str: '1' },
      { command: 'insert', path: '/memories/a.md', insert_line: 0, insert_text: 'zero' },
      { command: 'delete', path: '/memories/a.md' },
      { command: 'rename', old_path: '/memories/a.md', new_path: '/memories/c.md' },
    ]) {
      expect(await run(input), input.command).toEqual({ content: QUOTA, isError: true });
    }
    expect(await tree.list()).toEqual(files);
    expect(await tree.history()).toEqual(history);
    expect(await textOf(tree, '/memories/a.md')).toBe('one\ntwo\n');
  });

  it('rejects a user operation with the sentence, leaving everything as it was', async () => {
    const { tree, store } = makeTree();
    await tree.writeText('a.md', 'a');
    const history = await tree.history();
    store.failCommits = Object.assign(new Error('disk gone'), { name: 'UnknownError' });
    expect((await rejection(tree.writeText('a.md', 'b'))).message).toBe(
      'The change could not be saved (disk gone), so nothing was written.',
    );
    expect((await rejection(tree.revert(history[0]?.id ?? ''))).message).toBe(
      'The change could not be saved (disk gone), so nothing was written.',
    );
    expect(await textOf(tree, 'a.md')).toBe('a');
    expect(await tree.history()).toEqual(history);
  });
});

describe('FileTree: one operation at a time', () => {
  it('runs a hand edit and a tool edit of the same file one after the other, losing neither', async () => {
    const { tree, run } = makeTree();
    await tree.writeText('a.txt', 'one\ntwo\n');
    await Promise.all([
      tree.writeText('a.txt', 'ONE\ntwo\n'),
      run({ command: 'str_replace', path: 'a.txt', old_str: 'two', new_str: 'TWO' }),
    ]);
    expect(await textOf(tree, 'a.txt')).toBe('ONE\nTWO\n');
  });
});
