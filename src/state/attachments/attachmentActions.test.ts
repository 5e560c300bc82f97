import { beforeEach, describe, expect, it, vi } from 'vitest';
import { selectReadingAttachments } from '../slices/attachments/selectors';
import { batonStore, resetBatonStore } from '../store/store';
import { attachFiles, attachmentsRead } from './attachmentActions';

const ROOM = { used: 0, window: 200_000 };
const text = (name: string, content = 'some text') => new File([content], name, { type: 'text/plain' });
const state = () => batonStore.getState();

beforeEach(() => resetBatonStore());

describe('attachFiles', () => {
  it('counts the files as being read until they are chips, and a send’s wait settles then', async () => {
    const reading = attachFiles([text('a.txt'), text('b.txt')], ROOM);
    expect(state().readingAttachments).toBe(2);
    expect(selectReadingAttachments(state())).toBe(true);
    await attachmentsRead();
    expect(state().readingAttachments).toBe(0);
    expect(state().pendingAttachments.map((p) => p.record.name)).toEqual(['a.txt', 'b.txt']);
    await reading;
  });

  it('new files clear the refusals of the last ones given', async () => {
    await attachFiles([new File(['MZ'], 'x.exe')], ROOM);
    expect(state().attachmentRefusals).toHaveLength(1);
    const next = attachFiles([text('ok.txt')], ROOM);
    expect(state().attachmentRefusals).toEqual([]);
    await next;
    expect(state().attachmentRefusals).toEqual([]);
  });

  it('nothing given changes nothing', async () => {
    const before = state();
    await attachFiles([], ROOM);
    expect(state()).toBe(before);
  });

  it('the wait covers every batch given so far, not only the last', async () => {
    const first = attachFiles([text('one.txt')], ROOM);
    attachFiles([text('two.txt'), text('three.txt')], ROOM);
    expect(state().readingAttachments).toBe(3);
    await attachmentsRead();
    expect(state().readingAttachments).toBe(0);
    expect(state().pendingAttachments).toHaveLength(3);
    await first;
  });

  // Last: it loads the state modules afresh, and the module imports above would no longer
  // be the ones the reading code's fresh copy writes to.
  it('reading code that fails to load is said in an error, and the count still goes back down', async () => {
    vi.resetModules();
    vi.doMock('./addAttachments', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const store = await import('../store/store');
    const actions = await import('./attachmentActions');
    await actions.attachFiles([text('a.txt')], ROOM);
    const after = store.batonStore.getState();
    expect(after.readingAttachments).toBe(0);
    expect(after.pendingAttachments).toEqual([]);
    expect(after.notices.map((n) => n.kind)).toEqual(['error']);
    expect(after.notices[0]?.text).toMatch(/^The files could not be read: /);
    await expect(actions.attachmentsRead()).resolves.toBeUndefined();
    vi.doUnmock('./addAttachments');
    vi.resetModules();
  });
});
