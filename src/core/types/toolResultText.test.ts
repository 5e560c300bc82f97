import { describe, expect, it } from 'vitest';
import { isToolResultContent } from '../session/restoreRecords';
import type { ToolResultContent } from './message';
import { toolResultImages, toolResultTextBlocks } from './toolResultContent';
import { base64Bytes, toolResultText } from './toolResultText';

/** A 1×1 PNG: 70 bytes. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const image: ToolResultContent = {
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data: PNG },
};

describe('a tool result as text', () => {
  it('keeps a text result as it is', () => {
    expect(toolResultText('plain')).toBe('plain');
    expect(toolResultTextBlocks('plain')).toBe('plain');
    expect(toolResultImages('plain')).toEqual([]);
  });

  it('joins the text blocks and mentions each image with its type and size', () => {
    const content: ToolResultContent[] = [
      { type: 'text', text: 'Here:' },
      image,
      { type: 'text', text: 'done' },
    ];
    expect(toolResultText(content)).toBe('Here:\n[image: image/png, 1 KB]\ndone');
    expect(toolResultTextBlocks(content)).toBe('Here:\ndone');
    expect(toolResultImages(content)).toEqual([image]);
  });

  it('counts the bytes a base64 string decodes to, padding left out', () => {
    expect(base64Bytes(PNG)).toBe(70);
    expect(base64Bytes('QQ==')).toBe(1);
    expect(base64Bytes('QUI=')).toBe(2);
    expect(base64Bytes('QUJD')).toBe(3);
    expect(base64Bytes('')).toBe(0);
  });
});

describe('stored tool result content', () => {
  it('accepts text, and text and image blocks of the four raster types', () => {
    expect(isToolResultContent('text')).toBe(true);
    expect(isToolResultContent([])).toBe(true);
    expect(isToolResultContent([{ type: 'text', text: 'a' }, image])).toBe(true);
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['a text block without text', [{ type: 'text' }]],
    [
      'an SVG image',
      [{ type: 'image', source: { type: 'base64', media_type: 'image/svg+xml', data: 'PHN2Zz4=' } }],
    ],
    ['an image by URL', [{ type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }]],
    ['an image without data', [{ type: 'image', source: { type: 'base64', media_type: 'image/png' } }]],
    ['a block of another kind', [{ type: 'document', source: {} }]],
    ['a block that is not a record', ['text']],
  ])('refuses %s', (_what, value) => {
    expect(isToolResultContent(value)).toBe(false);
  });
});
