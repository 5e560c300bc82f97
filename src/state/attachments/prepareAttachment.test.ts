import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../core/attachments/attachmentLimits';
import { refusalSentence } from '../../core/attachments/attachmentRefusals';
import { type PrepareDeps, type Prepared, prepareAttachment } from './prepareAttachment';
import type { ScaleRequest } from './scaleInCanvas';

function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

/** A scaler that records what it was asked and answers with `bytes` bytes of the asked type. */
function fakeScaler(bytes = 1000) {
  const asked: ScaleRequest[] = [];
  const deps: PrepareDeps = {
    newId: () => 'id-1',
    async scale(request) {
      asked.push(request);
      return {
        blob: new Blob([new Uint8Array(bytes)], { type: request.mediaType }),
        width: 1313,
        height: 875,
        sourceWidth: 3000,
        sourceHeight: 2000,
      };
    },
  };
  return { asked, deps };
}

function sentence(prepared: Prepared): string | undefined {
  return prepared.ok ? undefined : refusalSentence(prepared.refusal);
}

describe('prepareAttachment', () => {
  it('keeps a small image as it is, typed by its bytes rather than its name', async () => {
    const { asked, deps } = fakeScaler();
    const file = new File([pngHeader(640, 480)], 'photo.jpg', { type: 'image/jpeg' });
    const prepared = await prepareAttachment(file, deps);
    expect(asked).toEqual([]);
    expect(prepared).toMatchObject({
      ok: true,
      pending: {
        record: { id: 'id-1', kind: 'image', mediaType: 'image/png', width: 640, height: 480, size: 33 },
      },
    });
    if (prepared.ok) {
      expect(prepared.pending.original).toBeUndefined();
      expect(prepared.pending.record.data.type).toBe('image/png');
    }
  });

  it('scales a large image, recording the original, which "Keep original size" may send', async () => {
    const { asked, deps } = fakeScaler();
    const file = new File([pngHeader(3000, 2000)], 'wide.png', { type: 'image/png' });
    const prepared = await prepareAttachment(file, deps);
    expect(asked.map((r) => r.mediaType)).toEqual(['image/png']);
    expect(prepared).toMatchObject({
      ok: true,
      pending: {
        record: {
          mediaType: 'image/png',
          width: 1313,
          height: 875,
          size: 1000,
          original: { width: 3000, height: 2000, size: 33 },
        },
        original: { mediaType: 'image/png', width: 3000, height: 2000, size: 33 },
      },
    });
  });

  it('writes a scaled GIF as PNG', async () => {
    const { deps } = fakeScaler();
    const gif = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0xb8, 0x0b, 0xd0, 0x07, 0, 0, 0]);
    const prepared = await prepareAttachment(new File([gif], 'a.gif', { type: 'image/gif' }), deps);
    expect(prepared.ok && prepared.pending.record.mediaType).toBe('image/png');
  });

  it('refuses an image still over the byte limit when scaled, and one the bytes do not show as an image', async () => {
    const { deps } = fakeScaler(MAX_IMAGE_BYTES + 1);
    const big = await prepareAttachment(
      new File([pngHeader(3000, 2000)], 'big.png', { type: 'image/png' }),
      deps,
    );
    expect(sentence(big)).toBe(
      'big.png is too large: the API takes images of up to 3.8 MB, and this one is 3.8 MB even scaled down.',
    );
    const fake = await prepareAttachment(new File(['not a png'], 'fake.png', { type: 'image/png' }), deps);
    expect(sentence(fake)).toBe('fake.png could not be read as a PNG, JPEG, GIF or WebP image.');
  });

  it('sends the original when the browser cannot scale it but the API takes it as it is', async () => {
    const deps: PrepareDeps = {
      newId: () => 'id-2',
      scale: () => Promise.reject(new Error('no canvas')),
    };
    const prepared = await prepareAttachment(
      new File([pngHeader(3000, 2000)], 'w.png', { type: 'image/png' }),
      deps,
    );
    expect(prepared).toMatchObject({ ok: true, pending: { record: { width: 3000, height: 2000 } } });
    const huge = await prepareAttachment(
      new File([pngHeader(9000, 100)], 'h.png', { type: 'image/png' }),
      deps,
    );
    expect(sentence(huge)).toBe('h.png could not be read as a PNG, JPEG, GIF or WebP image.');
  });

  it('counts a PDF’s pages and refuses more than 100', async () => {
    const { deps } = fakeScaler();
    const pdf = (pages: number) => `%PDF-1.4\n${'<< /Type /Page >>\n'.repeat(pages)}%%EOF`;
    const two = await prepareAttachment(new File([pdf(2)], 'two.pdf', { type: 'application/pdf' }), deps);
    expect(two).toMatchObject({
      ok: true,
      pending: { record: { kind: 'pdf', mediaType: 'application/pdf', pages: 2 } },
    });
    const long = await prepareAttachment(new File([pdf(101)], 'long.pdf', { type: 'application/pdf' }), deps);
    expect(sentence(long)).toBe('long.pdf has 101 pages: the API takes PDFs of at most 100 pages.');
    const notPdf = await prepareAttachment(new File(['hello'], 'n.pdf', { type: 'application/pdf' }), deps);
    expect(sentence(notPdf)).toBe('n.pdf could not be read as a PDF.');
    // What the API would refuse is refused here, with the sentence (issue 27, finding 6).
    const headerOnly = await prepareAttachment(
      new File(['%PDF-1.7\n'], 'h.pdf', { type: 'application/pdf' }),
      deps,
    );
    expect(sentence(headerOnly)).toBe(
      'h.pdf could not be read as a PDF: it starts like one, but Baton finds no pages in it, so the API would refuse it. Save it again as a PDF from the program that made it.',
    );
    const empty = `%PDF-1.4\n<< /Type /Pages /Kids [] /Count 0 >>\n%%EOF`;
    const none = await prepareAttachment(new File([empty], 'none.pdf', { type: 'application/pdf' }), deps);
    expect(sentence(none)).toBe('none.pdf has no pages: the API refuses a PDF without pages.');
  });

  it('takes UTF-8 text as text/plain and refuses bytes that are not text', async () => {
    const { deps } = fakeScaler();
    const text = await prepareAttachment(new File(['café, naïve'], 'n.md'), deps);
    expect(text).toMatchObject({
      ok: true,
      pending: { record: { kind: 'text', mediaType: 'text/plain', size: 13 } },
    });
    if (text.ok) expect(await text.pending.record.data.text()).toBe('café, naïve');
    const latin1 = await prepareAttachment(
      new File([Uint8Array.from([0x63, 0x61, 0x66, 0xe9])], 'l.txt'),
      deps,
    );
    expect(sentence(latin1)).toBe('l.txt is not UTF-8 text, so Baton cannot send it as a text file.');
    const binary = await prepareAttachment(new File([Uint8Array.from([0x61, 0, 0x62])], 'b.json'), deps);
    expect(sentence(binary)).toBe('b.json is not UTF-8 text, so Baton cannot send it as a text file.');
  });

  it('refuses an unsupported type before reading it', async () => {
    const { deps } = fakeScaler();
    const exe = await prepareAttachment(
      new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }),
      deps,
    );
    expect(sentence(exe)).toBe(
      'setup.exe is not a file Baton can send: images (PNG, JPEG, GIF, WebP), PDFs and text files are.',
    );
  });
});
