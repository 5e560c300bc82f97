import { HANDOFF_PROMPT_MARKER } from '../../core/handoff/handoffMarkers';
import { isMessageEntry } from '../../core/types/entry';
import type { Message } from '../../core/types/message';
import { textOf } from '../../core/types/messageText';
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
  // A handoff's document that failed is reported once, as "Handoff failed: …", and is
  // tried again as a handoff, not as a reply: here it only says what happened.
  const handoff = useBaton((s) => {
    const entry = entryId === undefined ? undefined : s.entries.find((e) => e.id === entryId);
    const parent = entry && s.entries.find((e) => e.id === entry.parentId);
    return (
      parent !== undefined &&
      isMessageEntry(parent) &&
      textOf(parent.message).startsWith(HANDOFF_PROMPT_MARKER)
    );
  });
  if (handoff) return <div className="message-error">{message.errorMessage}</div>;
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
