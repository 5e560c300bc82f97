/**
 * The token estimate for CJK text (issue 27, finding 7c): about a token per character,
 * where counting 3.5 characters a token undercounted Chinese, Japanese and Korean
 * about threefold. English keeps its 3.5.
 */
import { describe, expect, it } from 'vitest';
import { RECOMMENDED_IMAGE_PIXELS } from '../attachments/attachmentLimits';
import { PIXELS_PER_IMAGE_TOKEN } from '../attachments/attachmentTokens';
import { chunkText } from '../handoff/condenseStages';
import {
  CHARS_PER_TOKEN,
  charsPerTokenOf,
  estimateBlockTokens,
  estimateTextTokens,
  TOKENS_PER_CJK_CHAR,
} from './estimateTokens';

// 20 characters each: a Chinese, a Japanese (kana and kanji) and a Korean sentence.
const CHINESE = '我们需要在周五之前完成账单接口的测试工作';
const JAPANESE = 'これは請求書のテストです。明日までに終わらせ';
const KOREAN = '청구서 인터페이스 테스트를 금요일까지 완료';

describe('estimateTextTokens', () => {
  it('counts English at 3.5 characters a token, as before', () => {
    const english = 'The billing API needs its tests finished by Friday.';
    expect(estimateTextTokens(english)).toBe(Math.ceil(english.length / CHARS_PER_TOKEN));
  });

  it.each([
    ['Chinese', CHINESE],
    ['Japanese', JAPANESE],
  ])('counts %s at about a token a character, not a third of one', (_label, text) => {
    expect(estimateTextTokens(text)).toBe(text.length * TOKENS_PER_CJK_CHAR);
    // Before: 20 characters / 3.5 = 6 tokens.
    expect(estimateTextTokens(text)).toBeGreaterThan(Math.ceil(text.length / CHARS_PER_TOKEN) * 2);
  });

  it('counts Hangul syllables as CJK and the spaces between them as other text', () => {
    const syllables = [...KOREAN].filter((c) => c !== ' ').length;
    const spaces = KOREAN.length - syllables;
    expect(estimateTextTokens(KOREAN)).toBe(Math.ceil(syllables + spaces / CHARS_PER_TOKEN));
  });

  it('mixes: each part at its own rate', () => {
    const mixed = `Deadline: ${CHINESE}`;
    expect(estimateTextTokens(mixed)).toBe(Math.ceil(CHINESE.length + 'Deadline: '.length / CHARS_PER_TOKEN));
  });

  it('counts an ideograph outside the BMP (a surrogate pair) as at least one token', () => {
    expect(estimateTextTokens('𠀀𠀁𠀂')).toBeGreaterThanOrEqual(3);
  });

  it('cuts CJK text for summaries by its own rate: no piece over its token budget', () => {
    const long = CHINESE.repeat(100);
    expect(charsPerTokenOf(long)).toBe(1);
    for (const piece of chunkText(long, 250)) expect(estimateTextTokens(piece)).toBeLessThanOrEqual(250);
  });
});

describe('estimateBlockTokens for a tool result with images', () => {
  const data =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
  const image = {
    type: 'image' as const,
    source: { type: 'base64' as const, media_type: 'image/png' as const, data },
  };

  it('counts the text as text and each image as the most an image costs, never its base64 as text', () => {
    const text = estimateBlockTokens({ type: 'tool_result', tool_use_id: 't', content: 'A red pixel:' });
    const withImages = estimateBlockTokens({
      type: 'tool_result',
      tool_use_id: 't',
      content: [{ type: 'text', text: 'A red pixel:' }, image, image],
    });
    const most = Math.ceil(RECOMMENDED_IMAGE_PIXELS / PIXELS_PER_IMAGE_TOKEN);
    expect(withImages - text).toBe(2 * most);
  });
});
