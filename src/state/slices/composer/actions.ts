/**
 * The composer slice's actions: what the message box holds, text handed back to it, and
 * the edit of a sent message. Kept apart from composerActions (which sends) because
 * typing must work from the first paint, before the agent and SDK chunk has loaded.
 */
import { get, set } from '../../store/storeAccess';
import { notify, notifyError } from '../status/actions';
import { messageTooLong, prepended, stripControlCharacters } from './messageText';

/**
 * Control characters (from a terminal, a binary file) are invisible in the box, would
 * reach the model as noise and can confuse rendering: they are removed as they arrive,
 * and the user is told, so nothing disappears silently. Text past MAX_MESSAGE_CHARS is
 * refused whole, with a sentence.
 */
export function setComposerText(text: string): void {
  const { text: clean, removed } = stripControlCharacters(text);
  const tooLong = messageTooLong(clean);
  if (tooLong) {
    // The box keeps what it had (React puts the old value back before the next frame).
    notifyError(tooLong);
    return;
  }
  set({ composerText: clean });
  if (removed > 0)
    notify(
      `Removed ${removed} invisible control ${removed === 1 ? 'character' : 'characters'} from the message.`,
    );
}

/** Puts text back in the message box, before anything typed since. */
export function prependToComposer(text: string): void {
  // Nothing typed (a button's own prompt, say): the box stays as it is.
  if (!text) return;
  set((s) => ({ composerText: prepended(text, s.composerText) }));
}

/** Puts refused text back in the message box and says why. */
export function returnToComposer(text: string, why: string): void {
  prependToComposer(text);
  notifyError(why);
}

/**
 * The box empties as its text is sent (or a command in it runs). With `sent`, only while
 * it still holds that text: a send waits for the engine before it clears, and whatever
 * the user typed meanwhile (the next message) stays.
 */
export function clearComposer(sent?: string): void {
  if (sent !== undefined && get().composerText !== sent) return;
  set({ composerText: '' });
}

/** An edit of the sent message `entryId` begins: the box holds its text. */
export function beginEditing(entryId: string, text: string): void {
  set({ editingEntryId: entryId, composerText: text });
}

/** An edit of the sent message `entryId` begins in the message itself: the box keeps what it holds. */
export function beginEditingInPlace(entryId: string): void {
  set({ editingEntryId: entryId, editingInPlace: true });
}

/** The edit ends without a send: the box it filled (an edit begun with ↑) empties. */
export function endEditing(): void {
  set((s) => ({
    editingEntryId: null,
    editingInPlace: false,
    ...(!s.editingInPlace && { composerText: '' }),
  }));
}
