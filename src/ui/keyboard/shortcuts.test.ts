// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isTypingTarget } from './shortcuts';

describe('isTypingTarget', () => {
  it('is true for fields that take text', () => {
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    const search = document.createElement('input');
    search.type = 'search';
    expect(isTypingTarget(search)).toBe(true);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
  });

  it('is false for buttons, check boxes, the page and nothing', () => {
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(isTypingTarget(box)).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
