import { useMemo, useState } from 'react';
import { type CompletionItem, completeSlash } from '../../core/commands/autocomplete';
import {
  attachFiles,
  handleEditKey,
  setComposerText,
  stop,
  submitComposer,
  warmReply,
} from '../../state/actions/actions';
import { selectBusy } from '../../state/store/selectors';
import { useBaton } from '../../state/store/useBaton';
import { currentContextRoom } from '../attachments/contextRoom';
import { pastedFiles } from '../attachments/pastedFiles';
import { MESSAGE_BOX_ID } from '../keyboard/messageBox';
import { hasLongRun } from '../text/longRuns';
import '../text/longText.css';
import { Icon } from '../icons/Icon';
import { AttachButton } from './AttachButton';
import { ContinueThere } from './ContinueThere';
import { HandoffButton } from './HandoffButton';
import { AUTOCOMPLETE_ID, optionId, SlashAutocomplete } from './SlashAutocomplete';
import { slashItems } from './slashItems';
import { ThinkingControl } from './ThinkingControl';
import './composer.css';
import { lazyPart, lazyWhen } from '../lazyPart';

// Shown only while messages wait: in the queue, or held until the browser is back online (bench P5).
const QueueChips = lazyWhen(
  (s) => s.queue.steering.length > 0 || s.queue.followUps.length > 0 || s.heldOffline.length > 0,
  () => import('./QueueChips').then((m) => m.QueueChips),
);

export function Composer() {
  const text = useBaton((s) => s.composerText);
  const busy = useBaton(selectBusy);
  const templates = useBaton((s) => s.settings.promptTemplates);
  const hasFiles = useBaton((s) => s.pendingAttachments.length > 0 || s.readingAttachments > 0);
  // Files alone make a message; while a reply is written only text can be queued.
  const canSend = text.trim() !== '' || hasFiles;
  const [selected, setSelected] = useState(0);
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);

  const items = useMemo(() => slashItems(templates), [templates]);
  const matches = useMemo(
    () => (dismissedFor === text ? [] : completeSlash(text, items)),
    [text, items, dismissedFor],
  );
  const open = matches.length > 0;
  // A long unbroken run (a pasted key or blob) is laid out without kerning, as in messages
  // (src/ui/text/longRuns.ts): with it, 500,000 letters would take the box seconds to wrap.
  const longRun = useMemo(() => hasLongRun(text), [text]);
  const active = Math.min(selected, Math.max(0, matches.length - 1));

  const pick = (item: CompletionItem) => {
    setComposerText(`/${item.name} `);
    setSelected(0);
  };

  const send = (steer: boolean) => {
    void submitComposer(text, { steer });
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setSelected((active + step + matches.length) % matches.length);
        return;
      }
      if (e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey)) {
        const item = matches[active];
        // Enter on a name already typed in full runs it rather than completing it again.
        if (item && !(e.key === 'Enter' && text === `/${item.name}`)) {
          e.preventDefault();
          pick(item);
          return;
        }
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setDismissedFor(text);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send(e.altKey);
      return;
    }
    if (e.key === 'Escape' && stop()) {
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    // ↑ with nothing typed edits the last message as a new branch; Esc cancels the edit.
    if (handleEditKey(e.key, text)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  // A pasted file (a screenshot, say) is attached; the text of the clipboard is then not pasted too.
  const onPaste = (e: React.ClipboardEvent<HTMLTextAreaElement>) => {
    const files = pastedFiles(e.clipboardData.files);
    if (files.length === 0) return;
    e.preventDefault();
    void attachFiles(files, currentContextRoom());
  };

  return (
    <div className="composer">
      <ContinueThere />
      <QueueChips />
      <PendingFiles />
      <div className="composer-box">
        {open && <SlashAutocomplete items={matches} selected={active} onPick={pick} />}
        <textarea
          id={MESSAGE_BOX_ID}
          className={longRun ? 'long-run' : undefined}
          aria-label="Message"
          aria-autocomplete="list"
          aria-controls={open ? AUTOCOMPLETE_ID : undefined}
          aria-activedescendant={open ? optionId(active) : undefined}
          placeholder={
            busy
              ? 'Enter queues a follow-up · Alt+Enter steers the next turn'
              : 'Message Baton (/ for commands)'
          }
          rows={3}
          value={text}
          onChange={(e) => {
            setComposerText(e.target.value);
            setSelected(0);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          // A message is on its way once the user points at or types into the box: what its
          // reply needs loads meanwhile. Not on focus: the box takes the focus by itself at
          // start-up, which is no sign of one (bench P5).
          onPointerDown={warmReply}
          onKeyDownCapture={warmReply}
        />
        <div className="composer-actions">
          <HandoffButton />
          <AttachButton />
          <ThinkingControl />
          {busy ? (
            <>
              <button
                type="button"
                className="icon-button"
                title="Queue: sent after this reply"
                onClick={() => send(false)}
                disabled={!canSend}
              >
                <Icon name="queue" />
                <span className="button-label">Queue</span>
              </button>
              <button type="button" className="danger icon-button" title="Stop (Esc)" onClick={() => stop()}>
                <Icon name="stop" />
                <span className="button-label">Stop</span>
              </button>
            </>
          ) : (
            <button
              type="button"
              className="primary icon-button"
              title="Send (Enter)"
              onClick={() => send(false)}
              disabled={!canSend}
            >
              <Icon name="send" />
              <span className="button-label">Send</span>
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

// The chips load with the first file: most sessions never attach one (initial JS, bench P5).
const AttachmentChips = lazyPart(() => import('./AttachmentChips').then((m) => m.AttachmentChips));

function PendingFiles() {
  const any = useBaton(
    (s) => s.pendingAttachments.length > 0 || s.readingAttachments > 0 || s.attachmentRefusals.length > 0,
  );
  return any ? <AttachmentChips /> : null;
}
