import { describe, expect, it } from 'vitest';
import type { PendingAttachment } from '../../state/attachments/pendingAttachment';
import { type BatonState, initialState } from '../../state/store/store';
import { reloadWaitReason } from './reloadWaitReason';

const state = (patch: Partial<BatonState>): BatonState => ({ ...initialState, ...patch });

describe('reloadWaitReason', () => {
  it('lets Reload go ahead when nothing would be lost', () => {
    expect(reloadWaitReason(initialState)).toBeNull();
    expect(reloadWaitReason(state({ composerText: '  \n ' }))).toBeNull();
    expect(
      reloadWaitReason(state({ handoff: { status: 'done', document: 'd', newSessionId: 's' } })),
    ).toBeNull();
  });

  it('waits while another session holds a draft (issue 27, finding 6)', () => {
    expect(
      reloadWaitReason(state({ drafts: { s1: { text: 'Half', attachments: [], keepOriginalSize: false } } })),
    ).toBe('Send or clear the messages left in other sessions first: a reload empties them.');
  });

  it('waits while a reply is being written', () => {
    expect(reloadWaitReason(state({ isStreaming: true }))).toBe('Reload once the reply has finished.');
  });

  it('waits while a handoff is generated, reviewed or switched', () => {
    for (const handoff of [
      { status: 'generating', startedAt: 0 },
      { status: 'reviewing', document: 'd' },
      { status: 'switching', document: 'd' },
    ] as const) {
      expect(reloadWaitReason(state({ handoff }))).toBe('Reload once the handoff has finished.');
    }
  });

  it('waits while the message box holds text or files, which a reload would drop', () => {
    const reason = 'Send or clear your message first: a reload empties the message box.';
    expect(reloadWaitReason(state({ composerText: 'half a thought' }))).toBe(reason);
    const attachment = { record: {} } as unknown as PendingAttachment;
    expect(reloadWaitReason(state({ pendingAttachments: [attachment] }))).toBe(reason);
  });
});
