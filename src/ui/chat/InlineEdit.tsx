import { type KeyboardEvent, useState } from 'react';
import type { Message } from '../../core/types/message';
import { textOf } from '../../core/types/messageText';
import { cancelEdit, sendEdit } from '../../state/actions/actions';

/**
 * A sent message edited where it stands (its Edit button): the box takes the focus,
 * Enter sends the edit as a new branch (Shift+Enter: a new line), Esc cancels.
 */
export function InlineEdit({ message }: { message: Message }) {
  const [text, setText] = useState(() => textOf(message));
  const send = () => {
    if (text.trim() !== '') void sendEdit(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // Esc elsewhere stops a reply; here it only ends the edit.
      event.stopPropagation();
      cancelEdit();
    }
  };
  return (
    <div className="message message-user inline-edit" data-testid="editing-message">
      <textarea
        aria-label="Edited text"
        // biome-ignore lint/a11y/noAutofocus: the user asked to edit this message; typing goes here.
        autoFocus
        value={text}
        rows={Math.min(12, Math.max(2, text.split('\n').length))}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const end = event.currentTarget.value.length;
          event.currentTarget.setSelectionRange(end, end);
        }}
      />
      <div className="inline-edit-buttons">
        <button type="button" onClick={() => cancelEdit()}>
          Cancel edit
        </button>
        <button type="button" className="primary" onClick={send} disabled={text.trim() === ''}>
          Send edit
        </button>
      </div>
      <p className="editing-note">Sending starts a new branch from here; the original stays as a version.</p>
    </div>
  );
}
