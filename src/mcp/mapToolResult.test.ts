import { describe, expect, it } from 'vitest';
import { TINY_PNG_BASE64 } from '../../e2e/servers/testTools';
import { mapCallToolResult } from './mapToolResult';

/** Base64 of bytes that start like the given image type. */
const imageData = (head: number[], length = 30) => {
  const bytes = new Uint8Array(length);
  bytes.set(head);
  return btoa(String.fromCharCode(...bytes));
};
const JPEG = imageData([0xff, 0xd8, 0xff, 0xe0]);
const GIF = imageData([...'GIF89a'].map((c) => c.charCodeAt(0)));
const WEBP = imageData(
  [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [0, 0, 0, 0],
      [...'WEBP'].map((c) => c.charCodeAt(0)),
    ),
);

describe('mapCallToolResult', () => {
  it('keeps text as text and turns isError into isError', () => {
    expect(
      mapCallToolResult({
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }),
    ).toEqual({
      content: [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
      isError: false,
      notes: [],
    });
    expect(mapCallToolResult({ content: [{ type: 'text', text: 'no' }], isError: true }).isError).toBe(true);
  });

  it('turns images into the API’s image blocks, with the type their bytes show', () => {
    const mapped = mapCallToolResult({
      content: [
        { type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' },
        { type: 'image', data: JPEG, mimeType: 'image/jpeg' },
        { type: 'image', data: GIF, mimeType: 'image/gif' },
        // Declared wrongly: the API checks the bytes, so the real type is sent.
        { type: 'image', data: WEBP, mimeType: 'image/png' },
      ],
    });
    expect(mapped.content.map((block) => block.type === 'image' && block.source.media_type)).toEqual([
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
    ]);
    expect(mapped.notes).toEqual([]);
  });

  it('leaves out images the API would refuse, each with a note the model and the card see', () => {
    const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg"/>  ');
    const big = imageData([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 3000);
    const mapped = mapCallToolResult(
      {
        content: [
          { type: 'image', data: 'not base64!', mimeType: 'image/png' },
          { type: 'image', data: svg, mimeType: 'image/svg+xml' },
          { type: 'image', data: big, mimeType: 'image/png' },
        ],
      },
      { maxImageBytes: 1024 },
    );
    expect(mapped.notes).toEqual([
      'Baton left out an image (image/png): its data is not valid base64.',
      'Baton left out an image (image/svg+xml, 1 KB): it is not a PNG, JPEG, GIF or WebP image.',
      'Baton left out an image (image/png, 3 KB): it is larger than 1 KB.',
    ]);
    expect(mapped.content).toEqual(mapped.notes.map((note) => ({ type: 'text', text: `[${note}]` })));
  });

  it('keeps at most the image limit and says how many more there were', () => {
    const image = { type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' };
    const mapped = mapCallToolResult({ content: [image, image, image] }, { maxImages: 1 });
    expect(mapped.content.filter((block) => block.type === 'image')).toHaveLength(1);
    expect(mapped.notes).toEqual(['Baton left out 2 more images: a result keeps at most 1.']);
  });

  it('turns embedded resources into text, image resources into images, and notes binary ones', () => {
    const mapped = mapCallToolResult({
      content: [
        {
          type: 'resource',
          resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' },
        },
        {
          type: 'resource',
          resource: { uri: 'file:///dot.png', mimeType: 'image/png', blob: TINY_PNG_BASE64 },
        },
        { type: 'resource', resource: { uri: 'file:///a.zip', mimeType: 'application/zip', blob: 'AAAA' } },
        { type: 'resource_link', uri: 'https://example.com/x', name: 'x.txt', description: 'A file.' },
      ],
    });
    expect(mapped.content).toEqual([
      { type: 'text', text: 'Resource file:///notes.md (text/markdown):\n# Notes' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 } },
      {
        type: 'text',
        text: '[Baton left out the binary resource file:///a.zip (application/zip), 1 KB: the model reads only text and images.]',
      },
      { type: 'text', text: 'Resource link: x.txt <https://example.com/x> A file.' },
    ]);
  });

  it('notes audio and block types it does not know instead of failing', () => {
    const mapped = mapCallToolResult({
      content: [{ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }, { type: 'hologram' }, 'text?'],
    });
    expect(mapped.notes).toEqual([
      'Baton left out an audio clip (audio/wav): the model does not take audio.',
      'Baton left out a part of type "hologram", which it does not know.',
      'Baton left out a part of the result that is not a content block.',
    ]);
  });

  it('cuts text over the cap across blocks, keeps the start, and says it did', () => {
    const mapped = mapCallToolResult(
      {
        content: [
          { type: 'text', text: 'x'.repeat(60) },
          { type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' },
          { type: 'text', text: 'y'.repeat(60) },
          { type: 'text', text: 'z'.repeat(60) },
        ],
      },
      { maxTextChars: 100 },
    );
    expect(mapped.content).toEqual([
      { type: 'text', text: 'x'.repeat(60) },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 } },
      { type: 'text', text: 'y'.repeat(40) },
      {
        type: 'text',
        text: '[Baton cut this result: the tool returned 180 characters of text, and only the first 100 are kept.]',
      },
    ]);
  });

  it('leaves a result at the cap whole, without a note', () => {
    expect(
      mapCallToolResult({ content: [{ type: 'text', text: 'x'.repeat(100) }] }, { maxTextChars: 100 }).notes,
    ).toEqual([]);
  });

  it('sends structured output as JSON when there are no content blocks, and says when there is nothing', () => {
    expect(mapCallToolResult({ content: [], structuredContent: { n: 1 } }).content).toEqual([
      { type: 'text', text: '{\n  "n": 1\n}' },
    ]);
    expect(mapCallToolResult({ content: [] }).content).toEqual([
      { type: 'text', text: '(The tool returned no content.)' },
    ]);
  });
});
