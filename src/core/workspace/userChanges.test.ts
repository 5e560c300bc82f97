import { describe, expect, it } from 'vitest';
import type { FileChange } from './fileStore';
import { type ChangeHistory, UserChangeNotes, userChangeLines } from './userChanges';

const change = (
  path: string,
  at: number,
  origin: FileChange['origin'],
  edit?: FileChange['edit'],
): FileChange => ({
  id: `${path}-${at}`,
  root: 'workspace:w',
  path,
  at,
  origin,
  edit: edit ?? { kind: 'hunk', start: 0, removed: 'a', inserted: 'b' },
});
const user = (action: 'edit' | 'upload' | 'delete' | 'rename' | 'revert') =>
  ({ kind: 'user', action }) as const;
const tool = {
  kind: 'tool',
  tool: 'str_replace_based_edit_tool',
  command: 'create',
  callId: 'c',
  sessionId: 's',
} as const;

describe('userChangeLines', () => {
  it("names each file the user changed after `since` once, with what was done, and leaves the model's own out", () => {
    const lines = userChangeLines(
      [
        change('/old.md', 5, user('edit')),
        change('/a.md', 11, user('edit')),
        change('/b.md', 12, tool),
        change('/a.md', 13, user('edit')),
        change('/a.md', 14, user('revert')),
        change('/new.md', 15, user('rename'), { kind: 'rename', from: '/draft.md' }),
        change('/up.png', 16, user('upload')),
        change('/gone.md', 17, user('delete'), { kind: 'delete', text: 'x' }),
      ],
      10,
    );
    expect(lines).toEqual([
      '- /a.md: edited, reverted one of your changes',
      '- /new.md: renamed from /draft.md',
      '- /up.png: uploaded',
      '- /gone.md: deleted',
    ]);
  });
});

describe('UserChangeNotes', () => {
  function notes(changes: FileChange[], counts: Map<string, number>) {
    let reads = 0;
    let failing = false;
    const tree: ChangeHistory = {
      key: 'workspace:w',
      async history() {
        reads += 1;
        if (failing) throw new Error('The database is closed.');
        return changes;
      },
    };
    const clock = { now: 100 };
    const notes = new UserChangeNotes({
      workspace: () => tree,
      memory: () => undefined,
      commits: (root) => counts.get(root) ?? 0,
      branch: () => [],
      createdAt: () => 10,
      now: () => clock.now,
    });
    return {
      notes,
      clock,
      reads: () => reads,
      fail: (on: boolean) => {
        failing = on;
      },
    };
  }

  it('reads the history again only after a commit, and names only changes since the last request', async () => {
    const changes = [change('/a.md', 50, user('edit'))];
    const counts = new Map([['workspace:w', 1]]);
    const { notes: n, clock, reads } = notes(changes, counts);
    expect((await n.beforeRequest())?.content).toContain('- /a.md: edited');
    expect(reads()).toBe(1);
    clock.now = 200;
    expect(await n.beforeRequest()).toBeUndefined();
    expect(reads()).toBe(1);
    changes.push(change('/b.md', 250, user('upload')));
    counts.set('workspace:w', 2);
    const next = await n.beforeRequest();
    expect(next?.content).toContain('- /b.md: uploaded');
    expect(next?.content).not.toContain('/a.md');
  });

  it('goes without a note when the history cannot be read, and looks again next time', async () => {
    const {
      notes: n,
      reads,
      fail,
    } = notes([change('/a.md', 50, user('edit'))], new Map([['workspace:w', 1]]));
    fail(true);
    expect(await n.beforeRequest()).toBeUndefined();
    fail(false);
    expect((await n.beforeRequest())?.content).toContain('- /a.md: edited');
    expect(reads()).toBe(2);
  });
});
