import { prepended } from './applySessionEvent';
import { notifyError } from './notices';
import { set } from './storeAccess';

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
