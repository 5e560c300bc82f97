import { isMessageEntry, type SessionEntry, type Usage } from '../core/session/types';
import { openSettings } from '../state/actions';
import { modelLabel } from '../state/modelClients';
import { useBaton } from '../state/useBaton';

function lastUsage(entries: readonly SessionEntry[]): Usage | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry && isMessageEntry(entry) && entry.message.role === 'assistant' && entry.message.usage) {
      return entry.message.usage;
    }
  }
  return undefined;
}

export function StatusLine() {
  const settings = useBaton((s) => s.settings);
  const isStreaming = useBaton((s) => s.isStreaming);
  const handoff = useBaton((s) => s.handoff.status);
  const entries = useBaton((s) => s.entries);
  const saveError = useBaton((s) => s.saveError);
  const retryStatus = useBaton((s) => s.retryStatus);
  const usage = lastUsage(entries);
  const state =
    handoff === 'generating'
      ? 'Writing handoff'
      : handoff === 'switching'
        ? 'Switching'
        : isStreaming
          ? 'Replying'
          : 'Ready';
  return (
    <header className="status-line">
      <span className="status-model" title="Model">
        {modelLabel(settings)}
      </span>
      <span className="status-state" data-testid="agent-state">
        {state}
      </span>
      {retryStatus && <span className="status-retry">{retryStatus}</span>}
      {usage && (
        <span className="status-tokens" title="Tokens of the last turn">
          {usage.input + usage.cacheRead + usage.cacheWrite} in · {usage.output} out
        </span>
      )}
      {saveError && <span className="status-save-error">{saveError}</span>}
      <span className="spacer" />
      <button type="button" onClick={() => openSettings(true)}>
        Settings
      </button>
    </header>
  );
}
