import type { Message } from '../../core/types/message';
import { openSettings, retryReply } from '../../state/actions/actions';
import { useBaton } from '../../state/store/useBaton';

/** Failures that a setting fixes (the key, the model, the base URL): the error links to Settings. */
const SETTINGS_KINDS: ReadonlySet<string> = new Set([
  'auth',
  'permission',
  'model_not_found',
  'cors_forbidden',
  'gateway',
  'network',
  'blocked_by_policy',
]);

/**
 * A failed reply says why in one place, here (no toast repeats it), with what to do:
 * Retry (a new version of the reply) and, where a setting is the cause, Open Settings.
 */
export function ReplyError({ message, entryId }: { message: Message; entryId: string | undefined }) {
  const busy = useBaton((s) => s.isStreaming);
  const settingsHelp = message.errorKind !== undefined && SETTINGS_KINDS.has(message.errorKind);
  return (
    <div className="message-error">
      <p role="alert">{message.errorMessage}</p>
      {entryId !== undefined && (
        <div className="message-error-actions">
          {!busy && (
            <button type="button" className="action-button" onClick={() => void retryReply(entryId)}>
              Retry
            </button>
          )}
          {settingsHelp && (
            // biome-ignore lint/a11y/useValidAnchor: read as a link in the error's sentence ("Check it in Settings"), as the issue asks; it opens the Settings dialog.
            <a
              href="#settings"
              onClick={(event) => {
                event.preventDefault();
                openSettings(true);
              }}
            >
              Open Settings
            </a>
          )}
        </div>
      )}
    </div>
  );
}
