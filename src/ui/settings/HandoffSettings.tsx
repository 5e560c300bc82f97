import type { Settings } from '../../state/store/settings';

/** The handoff's own settings, edited in the Settings dialog's draft and saved with it. */
export function HandoffSettings({
  draft,
  update,
}: {
  draft: Settings;
  update: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
}) {
  return (
    <fieldset className="settings-section">
      <legend>Handoff</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.reviewHandoff}
          onChange={(e) => update('reviewHandoff', e.target.checked)}
        />
        Review handoff before starting
      </label>
      <p className="muted">Opens the generated document in an editor before the new session starts.</p>
    </fieldset>
  );
}
