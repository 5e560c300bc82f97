/**
 * The token estimate for CJK text (issue 27, finding 7c): about a token per character,
 * where counting 3.5 characters a token undercounted Chinese, Japanese and Korean
 * about threefold. English keeps its 3.5.
 */
import { describe, expect, it } from 'vitest';
import { chunkText } from '../handoff/condenseStages';
import { CHARS_PER_TOKEN, charsPerTokenOf, estimateTextTokens, TOKENS_PER_CJK_CHAR } from './estimateTokens';

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
