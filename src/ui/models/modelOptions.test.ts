import { describe, expect, it } from 'vitest';
import { matchingOptions, modelOptions } from './modelOptions';

describe('modelOptions', () => {
  it('lists the table newest first, each with window, price and thinking', () => {
    const options = modelOptions();
    const ids = options.map((option) => option.id);
    expect(ids.indexOf('claude-opus-5')).toBeLessThan(ids.indexOf('claude-3-haiku'));
    expect(options.find((option) => option.id === 'claude-sonnet-4-6')?.detail).toBe(
      '200k window · $3 in / $15 out per M tokens · adaptive thinking',
    );
    expect(options.find((option) => option.id === 'claude-3-5-haiku')?.detail).toContain('no thinking');
    expect(ids).not.toContain('baton-demo-small');
  });

  it('puts models the user typed first, once, and offers the demo only when asked', () => {
    const options = modelOptions(['claude-picked-model', 'claude-picked-model', 'claude-opus-5', ''], {
      demo: true,
    });
    expect(options[0]).toEqual({
      id: 'claude-picked-model',
      detail: 'not in the model table: window and price unknown',
    });
    expect(options.filter((option) => option.id === 'claude-opus-5')).toHaveLength(1);
    expect(options.at(-1)?.id).toBe('baton-demo-small');
  });

  it('filters by what is typed, and shows all when the text is a whole option', () => {
    const options = modelOptions();
    expect(matchingOptions(options, 'opus-4').every((option) => option.id.includes('opus-4'))).toBe(true);
    expect(matchingOptions(options, 'claude-opus-5')).toHaveLength(options.length);
    expect(matchingOptions(options, '')).toHaveLength(options.length);
    expect(matchingOptions(options, 'no-such-model')).toEqual([]);
  });
});
