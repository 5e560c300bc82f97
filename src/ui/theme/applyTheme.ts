import type { Settings } from '../../state/store/settings';

export type ThemeChoice = Settings['theme'];

const ORDER: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** The toggle's next choice: System → Light → Dark → System. */
export function nextTheme(current: ThemeChoice): ThemeChoice {
  return ORDER[(ORDER.indexOf(current) + 1) % ORDER.length] ?? 'system';
}

export const THEME_LABEL: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/**
 * Marks the page with the chosen theme. "system" removes the mark, so the stylesheet's
 * prefers-color-scheme rule decides and follows the system live.
 */
export function applyTheme(root: HTMLElement, theme: ThemeChoice): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}
