import { describe, expect, it } from 'vitest';
import { revealInvisibles } from './revealInvisibles';

describe('revealInvisibles', () => {
  it('shows a right-to-left override where it is, so a file name reads as it is', () => {
    expect(revealInvisibles('billing.\u202Egnp.exe')).toEqual({
      text: 'billing.⟨U+202E⟩gnp.exe',
      found: [{ code: 'U+202E', name: 'right-to-left override', count: 1 }],
    });
  });

  it('shows zero-width, bidi and tag characters, counted once each in order of appearance', () => {
    const { text, found } = revealInvisibles('</handoff-context\u200B> a\u2066b\u2069 \u200B \u{E0041}');
    expect(text).toBe('</handoff-context⟨U+200B⟩> a⟨U+2066⟩b⟨U+2069⟩ ⟨U+200B⟩ ⟨U+E0041⟩');
    expect(found).toEqual([
      { code: 'U+200B', name: 'zero-width space', count: 2 },
      { code: 'U+2066', name: 'left-to-right isolate', count: 1 },
      { code: 'U+2069', name: 'pop directional isolate', count: 1 },
      { code: 'U+E0041', name: 'tag character', count: 1 },
    ]);
  });

  it('leaves plain text and the joiners inside emoji alone', () => {
    for (const text of [
      '## Goal\nShip it.',
      'caf\u00e9 \u05e9\u05dc\u05d5\u05dd',
      '\u{1F469}\u200D\u{1F4BB} \u{1F44B}\u{1F3FD}\u200D\u2642\uFE0F',
    ]) {
      expect(revealInvisibles(text)).toEqual({ text, found: [] });
    }
    // A joiner outside a picture is shown.
    expect(revealInvisibles('pay\u200Dpal').text).toBe('pay⟨U+200D⟩pal');
  });
});
