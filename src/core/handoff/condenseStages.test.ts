/**
 * The pure stages of condensing, on their own: turns that keep a tool call with its
 * result, and text cut into pieces that fit without splitting a word.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateTextTokens } from '../context/estimateTokens';
import type { ApiMessage } from '../types/agentMessage';
import { chunkText, clipMiddle, splitTurns } from './condenseStages';

describe('splitTurns', () => {
  it('starts a turn only at a user message without tool results', () => {
    const messages: ApiMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'goal' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'bash', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'ok' },
          { type: 'text', text: 'and also this' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
      { role: 'user', content: [{ type: 'text', text: 'next' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'sure' }] },
    ];
    expect(splitTurns(messages)).toEqual([messages.slice(0, 4), messages.slice(4)]);
  });
});

describe('chunkText', () => {
  const wordArb = fc.stringMatching(/^[a-z0-9/._:=-]{1,40}$/);
  // Mostly long lines, so that most cuts fall inside a line.
  const gapArb = fc.oneof(
    { weight: 30, arbitrary: fc.constant(' ') },
    { weight: 1, arbitrary: fc.constant('\n') },
  );
  const textArb = fc.array(fc.tuple(wordArb, gapArb), { minLength: 1, maxLength: 800, size: 'max' });

  it('cuts text into pieces that fit, losing nothing and splitting no word', () => {
    fc.assert(
      fc.property(textArb, fc.integer({ min: 1, max: 400 }), (parts, maxTokens) => {
        const text = parts.map(([word, gap]) => `${word}${gap}`).join('');
        const pieces = chunkText(text, maxTokens);
        for (const piece of pieces)
          expect(estimateTextTokens(piece)).toBeLessThanOrEqual(Math.max(58, maxTokens));
        expect(pieces.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
        // Words up to 40 characters, pieces of at least 200: a cut always finds a space.
        expect(pieces.flatMap((piece) => piece.split(/\s+/)).filter(Boolean)).toEqual(
          text.split(/\s+/).filter(Boolean),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('still cuts a line without spaces, into pieces that fit', () => {
    const line = 'x'.repeat(10_000);
    const pieces = chunkText(line, 500);
    expect(pieces.join('')).toBe(line);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(1_750);
  });
});

describe('clipMiddle', () => {
  it('keeps the start and the end within the length, and says how much it left out', () => {
    const text = `START ${'m'.repeat(5_000)} END`;
    const clipped = clipMiddle(text, 1_000);
    expect(clipped.length).toBeLessThanOrEqual(1_000);
    expect(clipped.startsWith('START')).toBe(true);
    expect(clipped.endsWith('END')).toBe(true);
    expect(clipped).toContain('4,010 characters left out');
    expect(clipMiddle('short', 1_000)).toBe('short');
  });
});
