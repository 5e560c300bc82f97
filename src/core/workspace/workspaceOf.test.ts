import { describe, expect, it } from 'vitest';
import { workspaceOf, workspaceRootOf } from './workspaceOf';

describe('workspaceOf', () => {
  it("is the chain's workspace when the header names one, else the session's own id", () => {
    expect(workspaceOf({ id: 'child', workspace: 'first' })).toBe('first');
    expect(workspaceOf({ id: 'first' })).toBe('first');
    expect(workspaceRootOf({ id: 'child', workspace: 'first' })).toEqual({ kind: 'workspace', id: 'first' });
  });

  it('reads a damaged link (stored by hand, or by an older copy) as none', () => {
    for (const workspace of ['', 7, null, { id: 'x' }]) {
      expect(workspaceOf({ id: 's', workspace } as unknown as { id: string })).toBe('s');
    }
  });
});
