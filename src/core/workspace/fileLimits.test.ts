/**
 * The limits (FILE_LIMITS): one file's size, files per root, all files' size together;
 * each refused with a sentence naming it, before anything is stored.
 */
import { describe, expect, it } from 'vitest';
import { MEMORY, makeTree } from '../../../testing/fixtures/workspaceTestFixtures';
import { utf8Length } from './fileSizes';
import { FILE_LIMITS, type FileMeta, type FileWrite } from './fileStore';
import { WorkspaceError } from './fileTree';

/** Fills a root straight through the store: `count` files of `size` bytes each (as their records say). */
async function fill(kit: ReturnType<typeof makeTree>, count: number, size: number): Promise<void> {
  const writes: FileWrite[] = Array.from({ length: count }, (_, i) => {
    const meta: FileMeta = {
      root: kit.tree.key,
      path: `${kit.tree.root.kind === 'memory' ? '/memories' : ''}/filler/${i}.txt`,
      size,
      modifiedAt: 1,
      binary: false,
      mediaType: 'text/plain',
    };
    return { path: meta.path, meta, body: { binary: false, text: '' } };
  });
  await kit.store.commit(kit.tree.key, writes, []);
}

describe('limits', () => {
  it('refuses a 50 MB create on its length alone: nothing listed, nothing stored', async () => {
    const kit = makeTree();
    let lists = 0;
    const list = kit.store.list.bind(kit.store);
    kit.store.list = (root) => {
      lists++;
      return list(root);
    };
    const result = await kit.run({
      command: 'create',
      path: 'huge.txt',
      file_text: 'x'.repeat(50 * 1024 * 1024),
    });
    expect(result).toEqual({
      content:
        'Error: The file would be larger than the limit of 5 MB a file (it would be over 50 MB); nothing was written.',
      isError: true,
    });
    expect(lists).toBe(0);
    kit.store.list = list;
    expect(await kit.tree.list()).toEqual([]);
    expect(await kit.tree.history()).toEqual([]);
  });

  it('counts a file in UTF-8 bytes: a text of fewer characters than the limit can still be over it', async () => {
    const kit = makeTree();
    const text = 'é'.repeat(FILE_LIMITS.fileBytes / 2 + 1);
    expect(utf8Length(text)).toBe(FILE_LIMITS.fileBytes + 2);
    expect((await kit.run({ command: 'create', path: 'e.txt', file_text: text })).content).toBe(
      'Error: The file would be larger than the limit of 5 MB a file; nothing was written.',
    );
    expect(await kit.tree.list()).toEqual([]);
  });

  it('refuses an edit that makes a file too large, and allows one up to the limit', async () => {
    const kit = makeTree();
    await kit.run({
      command: 'create',
      path: 'a.txt',
      file_text: `${'a'.repeat(FILE_LIMITS.fileBytes - 2)}[]`,
    });
    expect(
      (await kit.run({ command: 'str_replace', path: 'a.txt', old_str: '[]', new_str: '[x]' })).content,
    ).toBe('Error: The file would be larger than the limit of 5 MB a file; nothing was written.');
    expect(
      (await kit.run({ command: 'insert', path: 'a.txt', insert_line: 0, insert_text: '' })).content,
    ).toBe('Error: The file would be larger than the limit of 5 MB a file; nothing was written.');
    expect(
      (await kit.run({ command: 'str_replace', path: 'a.txt', old_str: '[]', new_str: '' })).isError,
    ).toBeUndefined();
    expect((await kit.tree.list())[0]?.size).toBe(FILE_LIMITS.fileBytes - 2);
  });

  it('refuses a new file once the root holds 5,000, but lets those files be edited', async () => {
    const kit = makeTree();
    await fill(kit, FILE_LIMITS.filesPerRoot, 1);
    expect(await kit.run({ command: 'create', path: 'one-more.txt', file_text: 'x' })).toEqual({
      content:
        'Error: The workspace already holds 5,000 files, its limit; nothing was written. Delete some files first.',
      isError: true,
    });
    expect(
      (await kit.run({ command: 'create', path: 'filler/0.txt', file_text: 'y' })).isError,
    ).toBeUndefined();
    const error = await kit.tree.writeText('another.md', 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkspaceError);
    expect((error as Error).message).toBe(
      'The workspace already holds 5,000 files, its limit; nothing was written. Delete some files first.',
    );
  });

  it('refuses what would take a root over 200 MB in all, naming the memory directory for memory', async () => {
    const kit = makeTree(MEMORY);
    await fill(kit, 40, FILE_LIMITS.fileBytes);
    expect(await kit.run({ command: 'create', path: '/memories/last.md', file_text: 'x' })).toEqual({
      content:
        'Error: The memory directory would go over its limit of 200 MB in all; nothing was written. Delete some files first.',
      isError: true,
    });
    expect((await kit.tree.list()).length).toBe(40);
  });
});
