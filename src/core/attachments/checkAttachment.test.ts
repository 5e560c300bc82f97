import { describe, expect, it } from 'vitest';
import {
  MAX_ATTACHMENTS_PER_MESSAGE,
  MAX_FILE_BYTES,
  MAX_IMAGE_BYTES,
  MAX_TEXT_FILE_BYTES,
} from './attachmentLimits';
import { refusalSentence } from './attachmentRefusals';
import {
  checkContextRoom,
  checkCount,
  checkFile,
  checkImage,
  checkPdfPages,
  imageWithinLimits,
} from './checkAttachment';
import { classifyFile } from './classifyFile';
import { planImageScale } from './imageScalePlan';

const MB = 1024 * 1024;

describe('classifyFile', () => {
  it.each([
    ['photo.png', 'image/png', 'image'],
    ['photo.JPG', '', 'image'],
    ['anim.gif', 'image/gif', 'image'],
    ['shot.webp', 'image/webp', 'image'],
    ['paper.pdf', 'application/pdf', 'pdf'],
    ['paper', 'application/pdf', 'pdf'],
    ['notes.txt', 'text/plain', 'text'],
    ['README.md', '', 'text'],
    ['data.csv', 'text/csv', 'text'],
    ['config.json', 'application/json', 'text'],
    // Browsers call TypeScript an MPEG transport stream: the name wins.
    ['main.ts', 'video/mp2t', 'text'],
    ['Makefile', '', 'text'],
    ['unknown.weird', 'text/x-weird', 'text'],
  ])('%s (%s) is %s', (name, type, kind) => {
    expect(classifyFile({ name, type })).toBe(kind);
  });

  it.each([
    ['setup.exe', 'application/octet-stream'],
    ['archive.zip', 'application/zip'],
    ['movie.mp4', 'video/mp4'],
    ['drawing.bmp', 'image/bmp'],
    ['blob', ''],
  ])('refuses %s (%s)', (name, type) => {
    expect(classifyFile({ name, type })).toBeUndefined();
  });
});

describe('checkFile', () => {
  it('takes files within the limits, by kind', () => {
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 10 * MB })).toEqual({
      ok: true,
      value: 'image',
    });
    expect(checkFile({ name: 'a.pdf', type: '', size: 20 * MB })).toEqual({ ok: true, value: 'pdf' });
    expect(checkFile({ name: 'a.md', type: '', size: MAX_TEXT_FILE_BYTES })).toEqual({
      ok: true,
      value: 'text',
    });
  });

  it('refuses an unsupported type with the sentence that lists what is accepted', () => {
    const checked = checkFile({ name: 'setup.exe', type: 'application/octet-stream', size: 100 });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(refusalSentence(checked.refusal)).toBe(
      'setup.exe is not a file Baton can send: images (PNG, JPEG, GIF, WebP), PDFs and text files are.',
    );
  });

  it('refuses a file over what one request can carry, naming the limit and its size', () => {
    const checked = checkFile({ name: 'big.pdf', type: 'application/pdf', size: 40 * MB });
    expect(checked).toEqual({ ok: false, refusal: { reason: 'file-size', name: 'big.pdf', size: 40 * MB } });
    if (checked.ok) return;
    expect(refusalSentence(checked.refusal)).toBe(
      'big.pdf is too large to send: the API takes files of up to 24 MB, and this one is 40 MB.',
    );
    expect(checkFile({ name: 'x.pdf', type: '', size: MAX_FILE_BYTES + 1 }).ok).toBe(false);
  });

  it('refuses text files over the text limit and empty files', () => {
    const text = checkFile({ name: 'log.txt', type: 'text/plain', size: MAX_TEXT_FILE_BYTES + 1 });
    expect(text.ok || refusalSentence(text.refusal)).toBe(
      'log.txt is too large for a text file: Baton sends text files of up to 2.0 MB, and this one is 2.0 MB.',
    );
    const empty = checkFile({ name: 'e.txt', type: 'text/plain', size: 0 });
    expect(empty.ok || refusalSentence(empty.refusal)).toBe('e.txt is empty: there is nothing to send.');
  });
});

describe('checkImage', () => {
  it('refuses images over 8000 px on a side, or over the byte limit', () => {
    expect(checkImage('a.png', { width: 8000, height: 100, size: 100, scaled: false })).toBeUndefined();
    const edge = checkImage('a.png', { width: 8001, height: 100, size: 100, scaled: false });
    expect(edge && refusalSentence(edge)).toBe(
      'a.png is 8001×100 pixels: the API takes images of at most 8000 pixels on each side.',
    );
    const bytes = checkImage('b.png', { width: 1000, height: 1000, size: MAX_IMAGE_BYTES + 1, scaled: true });
    expect(bytes && refusalSentence(bytes)).toBe(
      'b.png is too large: the API takes images of up to 3.8 MB, and this one is 3.8 MB even scaled down.',
    );
  });
});

describe('imageWithinLimits', () => {
  it('takes an image exactly at the limits and refuses one past either, as checkImage does', () => {
    const images = [
      { width: 8000, height: 8000, size: MAX_IMAGE_BYTES },
      { width: 100, height: 8001, size: 100 },
      { width: 100, height: 100, size: MAX_IMAGE_BYTES + 1 },
    ];
    expect(images.map(imageWithinLimits)).toEqual([true, false, false]);
    for (const image of images) {
      expect(imageWithinLimits(image)).toBe(checkImage('x.png', { ...image, scaled: false }) === undefined);
    }
  });
});

describe('checkPdfPages', () => {
  it('takes 100 pages or an unknown count and refuses more', () => {
    expect(checkPdfPages('a.pdf', 100)).toBeUndefined();
    expect(checkPdfPages('a.pdf', undefined)).toBeUndefined();
    const refusal = checkPdfPages('a.pdf', 101);
    expect(refusal && refusalSentence(refusal)).toBe(
      'a.pdf has 101 pages: the API takes PDFs of at most 100 pages.',
    );
  });
});

describe('checkCount', () => {
  it('refuses the file beyond the per-message limit', () => {
    expect(checkCount('a.png', MAX_ATTACHMENTS_PER_MESSAGE - 1)).toBeUndefined();
    const refusal = checkCount('a.png', MAX_ATTACHMENTS_PER_MESSAGE);
    expect(refusal && refusalSentence(refusal)).toBe(
      'a.png was not attached: a message can carry at most 20 files.',
    );
  });
});

describe('checkContextRoom', () => {
  it('refuses a file that would take the request past the window, saying the estimate and the window', () => {
    expect(checkContextRoom('a.pdf', { used: 150_000, tokens: 50_000, window: 200_000 })).toBeUndefined();
    const refusal = checkContextRoom('a.pdf', { used: 150_000, tokens: 65_300, window: 200_000 });
    expect(refusal && refusalSentence(refusal)).toBe(
      "a.pdf would not fit: with it the next request would be about 215,300 tokens, more than the model's context window of 200,000.",
    );
  });
});

describe('planImageScale', () => {
  it('leaves images within the recommended size alone', () => {
    expect(planImageScale({ width: 1568, height: 700, size: 1000, mediaType: 'image/png' })).toEqual({
      mediaType: 'image/png',
      originalAllowed: true,
    });
  });

  it('scales larger images to 1568 px and 1.15 megapixels, keeping the type', () => {
    const plan = planImageScale({ width: 3000, height: 2000, size: 2 * MB, mediaType: 'image/jpeg' });
    expect(plan.mediaType).toBe('image/jpeg');
    expect(plan.originalAllowed).toBe(true);
    const target = plan.target ?? { width: 0, height: 0 };
    expect(Math.max(target.width, target.height)).toBeLessThanOrEqual(1568);
    expect(target.width * target.height).toBeLessThanOrEqual(1_150_000 * 1.01);
    expect(target.width / target.height).toBeCloseTo(1.5, 2);
  });

  it('writes a scaled GIF as PNG, and does not allow keeping an original over the hard limits', () => {
    expect(planImageScale({ width: 2000, height: 2000, size: 100, mediaType: 'image/gif' }).mediaType).toBe(
      'image/png',
    );
    expect(
      planImageScale({ width: 9000, height: 100, size: 100, mediaType: 'image/png' }).originalAllowed,
    ).toBe(false);
    expect(
      planImageScale({ width: 3000, height: 3000, size: 5 * MB, mediaType: 'image/png' }).originalAllowed,
    ).toBe(false);
  });
});
