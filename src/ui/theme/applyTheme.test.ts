// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyTheme, nextTheme } from './applyTheme';

describe('nextTheme', () => {
  it('cycles System, Light, Dark and back', () => {
    expect(nextTheme('system')).toBe('light');
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('system');
  });
});

describe('applyTheme', () => {
  it('marks an explicit choice and clears the mark for system', () => {
    const root = document.createElement('html');
    applyTheme(root, 'dark');
    expect(root.getAttribute('data-theme')).toBe('dark');
    applyTheme(root, 'light');
    expect(root.getAttribute('data-theme')).toBe('light');
    applyTheme(root, 'system');
    expect(root.hasAttribute('data-theme')).toBe(false);
  });
});
