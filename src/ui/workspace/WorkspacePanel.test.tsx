// @vitest-environment jsdom
/**
 * The Files panel over a FileTree on the in-memory store: the tree with folders, sizes
 * and the empty sentence; a file opened with its changes as a diff; a hand edit whose
 * failed save keeps the typed text; Revert, Rename, Delete (after its confirmation);
 * another tab's change shown on the store's watch; the Preview's sandbox.
 */
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../testing/testRoot';
import type { FileChange, FileMeta } from '../../core/workspace/fileStore';
import { FileTree } from '../../core/workspace/fileTree';
import { MemoryFileStore } from '../../core/workspace/memoryFileStore';
import { closeFilesPanel, openFilesPanel } from './filesPanelState';
import { PREVIEW_FRAME_URL, PREVIEW_POLICY, previewDocument } from './previewDocument';
import { WorkspacePanel } from './WorkspacePanel';

const page = testRoot();

beforeAll(() => {
  // jsdom has no showModal (see Dialog.test.tsx): the confirmation needs its two methods.
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
      setTimeout(() => this.dispatchEvent(new Event('close')));
    },
  });
});

let store: MemoryFileStore;
let tree: FileTree;
let ids = 0;

beforeEach(() => {
  store = new MemoryFileStore();
  tree = new FileTree({ store, root: { kind: 'workspace', id: 'w1' }, newId: () => `c${++ids}` });
  act(() => closeFilesPanel());
});

const meta = (path: string, text: string): FileMeta => ({
  root: tree.key,
  path,
  size: new TextEncoder().encode(text).length,
  modifiedAt: Date.UTC(2026, 11, 7, 1, 0),
  binary: false,
  mediaType: 'text/plain',
});

/** A file as the model's create command leaves it: written, with its change. */
async function created(path: string, text: string): Promise<FileChange> {
  const change: FileChange = {
    id: `seed-${path}`,
    root: tree.key,
    path,
    at: Date.UTC(2026, 11, 7, 1, 0),
    origin: {
      kind: 'tool',
      tool: 'str_replace_based_edit_tool',
      command: 'create',
      callId: 't1',
      sessionId: 's1',
    },
    edit: { kind: 'create', text },
  };
  await store.commit(tree.key, [{ path, meta: meta(path, text), body: { binary: false, text } }], [change]);
  return change;
}

function draw(): void {
  const watch = (listener: () => void) => store.watch((key) => key === tree.key && listener());
  page.render(<WorkspacePanel tree={tree} watch={watch} zipName="w" onClose={() => undefined} />);
}

const panel = () => page.container.querySelector<HTMLElement>('section[aria-label="Workspace"]');
const button = (name: string | RegExp, within: ParentNode = page.container) => {
  const found = [...within.querySelectorAll<HTMLButtonElement>('button')].find((b) =>
    typeof name === 'string' ? b.textContent === name : name.test(b.textContent ?? ''),
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const click = (element: HTMLElement) => act(() => element.click());
const until = <T,>(check: () => T) => vi.waitFor(check);

/** Types into a React-controlled field as a user would (the value setter React watches, then input). */
function type(field: HTMLTextAreaElement | HTMLInputElement, text: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  act(() => {
    setter?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the tree', () => {
  it('says in one sentence where the files come from when there are none', async () => {
    draw();
    await until(() =>
      expect(panel()?.textContent).toContain(
        'The files the model writes appear here; you can also drop files here to upload them.',
      ),
    );
  });

  it('lists folders and files with their sizes, and opens a file with its change as a diff', async () => {
    await created('/notes.txt', 'one\ntwo\n');
    await created('/docs/plan.md', '# Plan\n');
    draw();
    await until(() =>
      expect(page.container.querySelector('.ws-folder-name')?.textContent).toContain('docs/'),
    );
    const row = button(/^notes\.txt/);
    expect(row.querySelector('.ws-file-size')?.textContent).toBe('8 bytes');
    click(row);
    const diff = await until(() => {
      const found = page.container.querySelector('.ws-diff');
      if (!found) throw new Error('no diff yet');
      return found;
    });
    expect(page.container.querySelector('.ws-code')?.textContent).toBe('one\ntwo\n');
    expect(page.container.querySelector('.ws-change-author')?.textContent).toBe(
      'str_replace_based_edit_tool create',
    );
    // Added lines carry a + (not colour alone).
    expect(diff.textContent).toBe('+ one\n+ two\n');
    expect(button('Revert')).toBeTruthy();
  });

  it('shows a change another tab made, on the store watch', async () => {
    draw();
    await until(() => expect(panel()?.textContent).toContain('appear here'));
    await act(() => created('/from-elsewhere.txt', 'hi'));
    await until(() => expect(button(/^from-elsewhere\.txt/)).toBeTruthy());
  });
});

describe('editing', () => {
  it('keeps the typed text and says why when the save fails, and saves once it can', async () => {
    await created('/a.txt', 'before');
    act(() => openFilesPanel('/a.txt'));
    draw();
    await until(() => button('Edit'));
    click(button('Edit'));
    const area = page.container.querySelector('textarea');
    if (!area) throw new Error('no textarea');
    type(area, 'after, typed by hand');
    store.failCommits = new Error('QuotaExceededError: the disk is full');
    click(button('Save'));
    await until(() => expect(page.container.querySelector('[role="alert"]')?.textContent).toBeTruthy());
    expect(page.container.querySelector('textarea')?.value).toBe('after, typed by hand');

    store.failCommits = undefined;
    click(button('Save'));
    await until(() => expect(page.container.querySelector('textarea')).toBeNull());
    expect((await tree.read('/a.txt'))?.body).toEqual({ binary: false, text: 'after, typed by hand' });
    await until(() =>
      expect(page.container.querySelector('.ws-code')?.textContent).toBe('after, typed by hand'),
    );
  });

  it('reverts a change: the file is back and the change is marked reverted', async () => {
    await created('/a.txt', 'v1');
    await tree.writeText('/a.txt', 'v2');
    act(() => openFilesPanel('/a.txt'));
    draw();
    await until(() => expect(page.container.querySelector('.ws-code')?.textContent).toBe('v2'));
    // Newest first: the hand edit's Revert.
    click(page.container.querySelectorAll<HTMLButtonElement>('.ws-revert')[0] as HTMLButtonElement);
    await until(() => expect(page.container.querySelector('.ws-code')?.textContent).toBe('v1'));
    expect(page.container.querySelector('.ws-change-reverted')).not.toBeNull();
  });

  it('renames a file and follows it to its new path', async () => {
    await created('/old.txt', 'x');
    act(() => openFilesPanel('/old.txt'));
    draw();
    await until(() => button('Rename'));
    click(button('Rename'));
    const input = page.container.querySelector<HTMLInputElement>('.ws-rename input');
    if (!input) throw new Error('no name field');
    type(input, '/new.txt');
    click(button('Save name'));
    await until(() => expect(page.container.querySelector('.ws-file-title')?.textContent).toBe('/new.txt'));
    expect(await tree.read('/old.txt')).toBeUndefined();
  });

  it('deletes a file only once the confirmation says so', async () => {
    await created('/gone.txt', 'x');
    act(() => openFilesPanel('/gone.txt'));
    draw();
    await until(() => button('Delete'));
    click(button('Delete'));
    const dialog = await until(() => {
      const found = document.querySelector('dialog[open]');
      if (!found) throw new Error('no confirmation');
      return found;
    });
    click(button('Cancel', dialog));
    expect(await tree.read('/gone.txt')).toBeDefined();
    click(button('Delete'));
    const again = await until(() => {
      const found = document.querySelector('dialog[open]');
      if (!found) throw new Error('no confirmation');
      return found;
    });
    click(button('Delete', again));
    await until(async () => expect(await tree.read('/gone.txt')).toBeUndefined());
    await until(() => expect(page.container.querySelector('.ws-file-view')).toBeNull());
  });
});

describe('preview', () => {
  it('renders an HTML file in a frame with scripts but no same-origin, handed the document under the policy', async () => {
    await created('/page.html', '<p>hi</p>');
    act(() => openFilesPanel('/page.html', true));
    draw();
    const frame = await until(() => {
      const found = page.container.querySelector('iframe');
      if (!found) throw new Error('no frame yet');
      return found;
    });
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('src')).toBe(PREVIEW_FRAME_URL);
    expect(frame.title).toBe('page.html');
    // jsdom gives the frame its window for the page asked for once it has tried to load it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const target = frame.contentWindow;
    if (!target) throw new Error('no frame window');
    const sent = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
    // A message from anything but the frame is not answered.
    act(() =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { previewFrameReady: true }, source: window }),
      ),
    );
    expect(sent).not.toHaveBeenCalled();
    act(() =>
      window.dispatchEvent(
        new MessageEvent('message', { data: { previewFrameReady: true }, source: target }),
      ),
    );
    expect(sent).toHaveBeenCalledWith({ previewDocument: previewDocument('<p>hi</p>') }, '*');
    const doc = previewDocument('<p>hi</p>');
    expect(doc.indexOf(PREVIEW_POLICY)).toBeLessThan(doc.indexOf('<p>hi</p>'));
    click(button('Source'));
    expect(page.container.querySelector('iframe')).toBeNull();
  });
});
