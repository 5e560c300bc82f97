import { notifyError } from '../notices';
import { set } from '../storeAccess';

/** Puts refused text back in the message box (before anything typed since) and says why. */
export function returnToComposer(text: string, why: string): void {
  set((s) => ({ composerText: s.composerText ? `${text}\n\n${s.composerText}` : text }));
  notifyError(why);
}
