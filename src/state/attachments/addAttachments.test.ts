import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENTS_PER_MESSAGE } from '../../core/attachments/attachmentLimits';
import { attachmentTokens } from '../../core/attachments/attachmentTokens';
import { batonStore, initialState } from '../store/store';
import { addAttachments } from './addAttachments';

const text = (name: string, content = 'some text') => new File([content], name, { type: 'text/plain' });
const ROOM = { used: 1000, window: 200_000 };

beforeEach(() => batonStore.setState(initialState, true));

describe('addAttachments', () => {
  it('adds each file as a chip in the order given and says why others were refused', async () => {
    await addAttachments([text('a.txt'), new File(['MZ'], 'x.exe'), text('b.md')], ROOM);
    const state = batonStore.getState();
    expect(state.pendingAttachments.map((p) => p.record.name)).toEqual(['a.txt', 'b.md']);
    expect(state.attachmentRefusals).toEqual([
      'x.exe is not a file Baton can send: images (PNG, JPEG, GIF, WebP), PDFs and text files are.',
    ]);
  });

  it(`refuses files past ${MAX_ATTACHMENTS_PER_MESSAGE} in one message`, async () => {
    const files = Array.from({ length: MAX_ATTACHMENTS_PER_MESSAGE + 1 }, (_, i) => text(`f${i}.txt`));
    await addAttachments(files, ROOM);
    expect(batonStore.getState().pendingAttachments).toHaveLength(MAX_ATTACHMENTS_PER_MESSAGE);
    expect(batonStore.getState().attachmentRefusals).toEqual([
      `f${MAX_ATTACHMENTS_PER_MESSAGE}.txt was not attached: a message can carry at most 20 files.`,
    ]);
  });

  it('refuses a file that would no longer fit the context window beside the conversation and the files before it', async () => {
    const content = 'x'.repeat(4000);
    await addAttachments([text('one.txt', content)], { used: 0, window: 10_000 });
    const [first] = batonStore.getState().pendingAttachments;
    const each = attachmentTokens(
      first?.record ?? { id: '', kind: 'text', mediaType: '', name: '', size: 0 },
    );
    // Room for one more such file, not two.
    const used = 10_000 - 2 * each + 5;
    batonStore.setState(initialState, true);

    await addAttachments([text('two.txt', content)], { used, window: 10_000 });
    expect(batonStore.getState().attachmentRefusals).toEqual([]);
    await addAttachments([text('three.txt', content)], { used, window: 10_000 });
    expect(batonStore.getState().attachmentRefusals).toEqual([
      "three.txt would not fit: with it the next request would be about 10,005 tokens, more than the model's context window of 10,000.",
    ]);
    expect(batonStore.getState().pendingAttachments.map((p) => p.record.name)).toEqual(['two.txt']);
  });
});
