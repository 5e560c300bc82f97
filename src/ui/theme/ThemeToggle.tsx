import { useEffect } from 'react';
import { saveSettings } from '../../state/actions/actions';
import { batonStore } from '../../state/store/store';
import { useBaton } from '../../state/store/useBaton';
import { applyTheme, nextTheme, THEME_LABEL } from './applyTheme';

/** Keeps the page's theme mark in step with the setting. */
export function useAppliedTheme(): void {
  const theme = useBaton((s) => s.settings.theme);
  useEffect(() => {
    applyTheme(document.documentElement, theme);
  }, [theme]);
}

/** One small button that cycles System → Light → Dark and saves the choice. */
export function ThemeToggle() {
  const theme = useBaton((s) => s.settings.theme);
  return (
    <button
      type="button"
      className="theme-toggle"
      title="Colour theme: follow the system, or always light or dark"
      onClick={() => {
        // Read the settings at click time: a save from the Settings dialog may have just landed.
        const settings = batonStore.getState().settings;
        void saveSettings({ ...settings, theme: nextTheme(settings.theme) });
      }}
    >
      Theme: {THEME_LABEL[theme]}
    </button>
  );
}
