import { beforeEach, describe, expect, it } from 'vitest';
import type { ImageScaler } from '../../attachments/imageScaler';
import type { OutgoingAttachment, PendingAttachment } from '../../attachments/pendingAttachment';
import { batonStore, initialState, resetBatonStore } from '../../store/store';
import {
  addAttachmentRefusals,
  addPendingAttachment,
  dismissAttachmentRefusals,
  giveBackAttachments,
  imageScalerOr,
  removeAttachment,
  setKeepOriginalSize,
  takeAttachmentsForSend,
} from './actions';
import { initialAttachmentsState } from './initialState';
import { selectOutgoingAttachments, selectReadingAttachments } from './selectors';

const state = () => batonStore.getState();

const record = (id: string, extra: Partial<OutgoingAttachment> = {}): OutgoingAttachment => ({
  id,
  kind: 'image',
  mediaType: 'image/png',
  name: `${id}.png`,
  size: 10,
  data: new Blob(['x']),
  ...extra,
});
const file = (id: string): PendingAttachment => ({ record: record(id) });
/** A large image scaled down, whose original is kept for "Keep original size". */
const scaled = (id: string): PendingAttachment => ({
  record: record(id, { width: 100, height: 100 }),
  original: record(id, { width: 4000, height: 4000, size: 99 }),
});
const pendingIds = () => state().pendingAttachments.map((p) => p.record.id);

beforeEach(() => resetBatonStore());

describe('attachments slice: initial state', () => {
  it('starts with no files, none being read, no refusals, sizes scaled and no scaler', async () => {
    expect(initialAttachmentsState).toMatchObject({
      pendingAttachments: [],
      readingAttachments: 0,
      attachmentRefusals: [],
      keepOriginalSize: false,
      imageScaler: null,
    });
    // Nothing being read: a send need not wait.
    await expect(initialAttachmentsState.attachmentsRead).resolves.toBeUndefined();
  });
});

describe('attachments slice: the chips', () => {
  it('addPendingAttachment puts each file after the others; removeAttachment takes one out by id', () => {
    addPendingAttachment(file('a'));
    addPendingAttachment(file('b'));
    addPendingAttachment(file('c'));
    expect(pendingIds()).toEqual(['a', 'b', 'c']);
    removeAttachment('b');
    expect(pendingIds()).toEqual(['a', 'c']);
    removeAttachment('missing');
    expect(pendingIds()).toEqual(['a', 'c']);
  });

  it('refusals add up until dismissed; none given changes nothing', () => {
    addAttachmentRefusals(['big.pdf is over 32 MB.']);
    addAttachmentRefusals(['movie.mp4 is not a file the model can read.']);
    expect(state().attachmentRefusals).toEqual([
      'big.pdf is over 32 MB.',
      'movie.mp4 is not a file the model can read.',
    ]);
    const before = state();
    addAttachmentRefusals([]);
    expect(state()).toBe(before);
    dismissAttachmentRefusals();
    expect(state().attachmentRefusals).toEqual([]);
  });
});

describe('attachments slice: a send', () => {
  it('takes the files as they would be sent and empties the box, resetting "Keep original size"', () => {
    addPendingAttachment(file('a'));
    addPendingAttachment(scaled('b'));
    setKeepOriginalSize(true);
    const taken = takeAttachmentsForSend();
    expect(taken.outgoing.map((o) => [o.id, o.width])).toEqual([
      ['a', undefined],
      ['b', 4000],
    ]);
    expect(taken.pending.map((p) => p.record.id)).toEqual(['a', 'b']);
    expect(state()).toMatchObject({ pendingAttachments: [], keepOriginalSize: false });
  });

  it('without "Keep original size" a scaled image goes scaled', () => {
    addPendingAttachment(scaled('b'));
    expect(takeAttachmentsForSend().outgoing[0]?.width).toBe(100);
  });

  it('an empty box gives an empty send', () => {
    expect(takeAttachmentsForSend()).toEqual({ outgoing: [], pending: [] });
  });

  it('a refused send gives its files back first, under new ids shared by each record and its original', () => {
    addPendingAttachment(file('a'));
    addPendingAttachment(scaled('b'));
    const { pending } = takeAttachmentsForSend();
    addPendingAttachment(file('added-since'));
    giveBackAttachments(pending);
    const back = state().pendingAttachments;
    expect(back.map((p) => p.record.name)).toEqual(['a.png', 'b.png', 'added-since.png']);
    const [first, second] = back;
    expect(first?.record.id).not.toBe('a');
    expect(second?.record.id).not.toBe('b');
    expect(first?.record.id).not.toBe(second?.record.id);
    expect(first?.original).toBeUndefined();
    expect(second?.original?.id).toBe(second?.record.id);
    expect(second?.original?.width).toBe(4000);
    // The files themselves are the same bytes.
    expect(first?.record.data).toBe(pending[0]?.record.data);
  });
});

describe('attachments slice: the image scaler', () => {
  it('is made once, on first use, and then reused', () => {
    const scaler = {} as ImageScaler;
    let made = 0;
    const make = () => {
      made += 1;
      return scaler;
    };
    expect(imageScalerOr(make)).toBe(scaler);
    expect(imageScalerOr(make)).toBe(scaler);
    expect(made).toBe(1);
    expect(state().imageScaler).toBe(scaler);
    // A fresh store (a new app, a test) starts without one.
    resetBatonStore();
    expect(state().imageScaler).toBeNull();
  });
});

describe('attachments slice: selectors', () => {
  it('selectReadingAttachments holds while any file is being read', () => {
    expect(selectReadingAttachments(initialState)).toBe(false);
    expect(selectReadingAttachments({ ...initialState, readingAttachments: 2 })).toBe(true);
  });

  it('selectOutgoingAttachments picks originals only when asked to keep them', () => {
    const pendingAttachments = [file('a'), scaled('b')];
    const widths = (keepOriginalSize: boolean) =>
      selectOutgoingAttachments({ ...initialState, pendingAttachments, keepOriginalSize }).map(
        (o) => o.width,
      );
    expect(widths(false)).toEqual([undefined, 100]);
    expect(widths(true)).toEqual([undefined, 4000]);
  });
});
