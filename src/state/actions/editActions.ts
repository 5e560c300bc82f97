/**
 * ↑ in an empty composer edits the last user message as a new branch of the entry
 * tree: the composer fills with its text, and the next send becomes the edited
 * message's sibling (see AgentSession.beginEdit). Esc cancels the edit. Part of the
 * first load, like stopReply.ts: key handlers answer at once.
 */
import { isMessageEntry } from '../../core/types/entry';
import { textOf } from '../../core/types/messageText';
import { getRuntime, hasRuntime } from '../app/runtime';
import { beginEditing, beginEditingInPlace, endEditing } from '../slices/composer/actions';
import { selectEditing } from '../slices/composer/selectors';
import { notifyError } from '../slices/status/actions';
import { errorText, get } from '../store/storeAccess';

/** Starts editing the last user message; false when there is none or the session is busy. */
export function editLastMessage(): boolean {
  if (!hasRuntime()) return false;
  const { session } = getRuntime();
  if (session.isBusy) return false;
  const id = session.lastEditableMessageId();
  const entry = id === undefined ? undefined : session.log.get(id);
  if (!id || !entry || !isMessageEntry(entry)) return false;
  try {
    session.beginEdit(id);
  } catch (error) {
    notifyError(errorText(error));
    return false;
  }
  beginEditing(id, textOf(entry.message));
  return true;
}

/** Starts editing the user message `entryId` in the message itself (its Edit button). */
export function editMessage(entryId: string): boolean {
  if (!hasRuntime()) return false;
  const { session } = getRuntime();
  if (session.isBusy) return false;
  try {
    session.beginEdit(entryId);
  } catch (error) {
    notifyError(errorText(error));
    return false;
  }
  beginEditingInPlace(entryId);
  return true;
}

/** Ends an edit without sending and empties the composer it filled; false if none was under way. */
export function cancelEdit(): boolean {
  if (!hasRuntime() || !selectEditing(get())) return false;
  getRuntime().session.cancelEdit();
  endEditing();
  return true;
}

/**
 * The composer's keys for editing: ↑ with nothing typed starts an edit, Esc ends one.
 * True when the key was used (the composer then prevents its default).
 */
export function handleEditKey(key: string, composerText: string): boolean {
  if (key === 'ArrowUp' && composerText === '') return editLastMessage();
  if (key === 'Escape') return cancelEdit();
  return false;
}
