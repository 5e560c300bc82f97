/**
 * Messages held offline for a session that is not on screen go out in that session, off
 * screen, once the network is back (issue 29): the session is read from storage into a
 * live session held in the background (LiveSessions.startInBackground), which writes its
 * replies into its own log while the user stays where they are.
 */
import { SessionLog } from '../../core/session/sessionLog';
import type { LiveSession } from '../app/liveSession';
import { getRuntime } from '../app/runtime';
import { giveBackToDraft } from '../slices/composer/drafts';
import { selectSession } from '../slices/session/selectors';
import { notifyError } from '../slices/status/actions';
import { errorText, get } from '../store/storeAccess';

/**
 * Runs `work` on session `sessionId` read from storage, off screen. Nothing happens when
 * that session is on screen or being opened (its messages go out there) or already held
 * live, or when this tab does not list it.
 */
export async function runHeldInBackground(
  sessionId: string,
  work: (live: LiveSession) => Promise<void>,
): Promise<void> {
  const { repository, lives, opening } = getRuntime();
  const takenHere = () =>
    lives.current.session.header.id === sessionId ||
    opening.isWanted(sessionId) ||
    lives.running(sessionId) !== undefined;
  const header = selectSession(sessionId)(get());
  if (!header || takenHere()) return;
  const { entries } = await repository.loadEntries(sessionId);
  // Opened meanwhile: the open session sends them.
  if (takenHere()) return;
  await lives.startInBackground(new SessionLog(header, entries), work);
}

/**
 * A held message sent off screen: nothing the screen shows changes but the session's
 * row. A refused send gives the text back to that session's message box, and says so.
 */
export async function sendHeldInBackground(live: LiveSession, text: string): Promise<void> {
  try {
    await live.activity.track(live.session.prompt(text));
  } catch (error) {
    const { id, title } = live.session.header;
    giveBackToDraft(id, text);
    notifyError(
      `Your message held offline for ${title ? `“${title}”` : 'another session'} was not sent: ${errorText(error)} It is back in that session's message box.`,
    );
  }
}
