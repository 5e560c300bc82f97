import { useId } from 'react';
import { DEFAULT_BASE_URL } from '../../../llm/defaults';
import { forgetKey } from '../../../state/actions/actions';
import { useBaton } from '../../../state/store/useBaton';
import { BaseUrlWarnings } from '../BaseUrlWarnings';
import { TemplatesEditor } from '../TemplatesEditor';
import { TestKeyButton } from '../TestKeyButton';
import type { SectionProps, SettingsSection } from './sectionTypes';

/** The key, where requests go, how sessions are named, and the user's prompt templates. */
function GeneralPanel({ draft, update, patch }: SectionProps) {
  const savedKey = useBaton((s) => s.settings.apiKey);
  const baseUrlWarningsId = useId();
  const nameSessionsHintId = useId();
  return (
    <>
      <label>
        API key
        <input
          type="password"
          autoComplete="off"
          value={draft.apiKey}
          placeholder="Leave empty to use the offline demo model"
          onChange={(e) => update('apiKey', e.target.value)}
        />
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.rememberKey}
          onChange={(e) => update('rememberKey', e.target.checked)}
        />
        Remember key on this device
      </label>
      <p className="muted">
        Unticked, the key is kept only while this tab is open. It is sent only to the API base URL below.
      </p>
      <TestKeyButton draft={draft}>
        {(savedKey || draft.apiKey) && (
          <button
            type="button"
            onClick={() => {
              // Forgets at once, not on Save: a key typed into the draft must not survive either.
              patch({ apiKey: '', rememberKey: false });
              void forgetKey();
            }}
          >
            Forget key
          </button>
        )}
      </TestKeyButton>
      <label>
        API base URL
        <input
          type="url"
          value={draft.baseURL}
          placeholder={DEFAULT_BASE_URL}
          aria-describedby={baseUrlWarningsId}
          onChange={(e) => update('baseURL', e.target.value)}
        />
      </label>
      <BaseUrlWarnings baseURL={draft.baseURL} id={baseUrlWarningsId} />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.nameSessions !== false}
          aria-describedby={nameSessionsHintId}
          onChange={(e) => update('nameSessions', e.target.checked)}
        />
        Name sessions with the model
      </label>
      <p className="muted" id={nameSessionsHintId}>
        A short title from the first exchange, for one short request per new session.
      </p>
      <TemplatesEditor templates={draft.promptTemplates} onChange={(t) => update('promptTemplates', t)} />
    </>
  );
}

export const generalSection: SettingsSection = { id: 'general', title: 'General', Panel: GeneralPanel };
