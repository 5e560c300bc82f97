import { useId, useRef, useState } from 'react';
import { MAX_MAX_TOOL_ROUNDS, MIN_MAX_TOOL_ROUNDS } from '../../core/agent/toolRounds';
import { MIN_THINKING_BUDGET } from '../../core/models/thinking';
import { openSettings, saveSettings } from '../../state/actions/actions';
import type { Settings } from '../../state/store/settings';
import { useBaton } from '../../state/store/useBaton';
import { Dialog } from '../overlay/Dialog';
import { useBlockedBaseUrlCheck } from './BaseUrlWarnings';
import { SettingsTabs, tabIds } from './SettingsTabs';
import type { SectionProps } from './sections/sectionTypes';
import { SETTINGS_SECTIONS } from './settingsSections';
import './settings.css';

/** What stops a Save, and the section whose field it is about (shown, so the field can be fixed). */
interface Problem {
  section: string;
  message: string;
}

function validate(draft: Settings): Problem | null {
  try {
    const url = new URL(draft.baseURL);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return { section: 'general', message: 'The API base URL must start with https:// or http://' };
  } catch {
    return { section: 'general', message: 'The API base URL is not a valid URL' };
  }
  if (!draft.model.trim()) return { section: 'model', message: 'Model is required' };
  if (!Number.isInteger(draft.maxTokens) || draft.maxTokens < 1)
    return { section: 'model', message: 'Max output tokens must be a whole number above 0' };
  if (
    !Number.isInteger(draft.maxToolRounds) ||
    draft.maxToolRounds < MIN_MAX_TOOL_ROUNDS ||
    draft.maxToolRounds > MAX_MAX_TOOL_ROUNDS
  )
    return {
      section: 'model',
      message: `Tool rounds before asking must be a whole number from ${MIN_MAX_TOOL_ROUNDS} to ${MAX_MAX_TOOL_ROUNDS}`,
    };
  if (!Number.isInteger(draft.thinking.budgetTokens) || draft.thinking.budgetTokens < MIN_THINKING_BUDGET)
    return {
      section: 'model',
      message: `The thinking budget must be a whole number of at least ${MIN_THINKING_BUDGET.toLocaleString('en')} tokens`,
    };
  return null;
}

const FIRST_SECTION = SETTINGS_SECTIONS[0]?.id ?? '';

/** Beside the status line's sentence, which says why. */
export const SETTINGS_NOT_SAVED = 'Not saved: your changes are still here. Try Save again.';

/**
 * Settings, one short section per tab. Every section edits one draft, stored by Save (or
 * dropped by Cancel) in the footer, which stays in view whatever the section's length.
 * The panels stay mounted while hidden, so a half-typed field survives a change of tab.
 */
export function SettingsDialog() {
  const open = useBaton((s) => s.settingsOpen);
  const settings = useBaton((s) => s.settings);
  const openOn = useBaton((s) => s.settingsSection);
  const idPrefix = useId();
  const checkBlockedBaseUrl = useBlockedBaseUrlCheck();
  const [draft, setDraft] = useState(settings);
  const [error, setError] = useState<string | null>(null);
  const [section, setSection] = useState(FIRST_SECTION);
  const [saving, setSaving] = useState(false);
  // Which opening a save belongs to: one that ends after the dialog was closed and opened
  // again must not close (or mark) the new one.
  const opening = useRef(0);

  // Each opening starts from the settings as they are then, on the section asked for or the first.
  const [shown, setShown] = useState(false);
  if (open !== shown) {
    setShown(open);
    opening.current += 1;
    setSaving(false);
    if (open) {
      setDraft(settings);
      setError(null);
      setSection(SETTINGS_SECTIONS.some((each) => each.id === openOn) && openOn ? openOn : FIRST_SECTION);
    }
  }

  const props: SectionProps = {
    draft,
    update: (key, value) => setDraft((d) => ({ ...d, [key]: value })),
    patch: (changes) => setDraft((d) => ({ ...d, ...changes })),
  };

  const save = () => {
    const next = { ...draft, apiKey: draft.apiKey.trim(), baseURL: draft.baseURL.trim().replace(/\/+$/, '') };
    const blocked = checkBlockedBaseUrl(next.baseURL, settings.baseURL);
    const problem = validate(next) ?? (blocked ? { section: 'general', message: blocked } : null);
    if (problem) {
      setError(problem.message);
      setSection(problem.section);
      return;
    }
    // In effect at once; the dialog closes once they are stored, so that a closed dialog
    // means saved (a reload in the moment after the click used to cut the write off).
    // Storing one record takes milliseconds; a failure keeps the dialog and what was typed.
    const mine = opening.current;
    setSaving(true);
    setError(null);
    void saveSettings(next).then((stored) => {
      if (opening.current !== mine) return;
      setSaving(false);
      if (stored) openSettings(false);
      else setError(SETTINGS_NOT_SAVED);
    });
  };

  return (
    <Dialog
      title="Settings"
      className="settings-dialog"
      open={open}
      onClose={() => openSettings(false)}
      onSubmit={save}
    >
      <SettingsTabs
        sections={SETTINGS_SECTIONS}
        selected={section}
        onSelect={setSection}
        idPrefix={idPrefix}
      />
      <div className="settings-panels">
        {SETTINGS_SECTIONS.map((each) => {
          const ids = tabIds(idPrefix, each);
          return (
            // Focusable, as the tabs pattern has it: the panel scrolls, and the keys can scroll it.
            // Named "Model settings", not by its tab: a panel named "Model" would be a second
            // match for the field labelled Model inside it.
            <div
              key={each.id}
              id={ids.panel}
              role="tabpanel"
              aria-label={`${each.title} settings`}
              hidden={each.id !== section}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a tabpanel is a tab stop in the ARIA tabs pattern.
              tabIndex={0}
              className="settings-panel"
            >
              <each.Panel {...props} />
            </div>
          );
        })}
      </div>
      <div className="settings-footer">
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {saving && (
          <p className="settings-saving" role="status">
            Saving…
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => openSettings(false)}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={saving}>
            Save
          </button>
        </div>
      </div>
    </Dialog>
  );
}
