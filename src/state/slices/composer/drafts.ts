/**
 * The message box's draft belongs to its session: text typed and files attached in one
 * session stay with it when the user opens another or starts a new one, and come back
 * when the user returns. A draft is never carried into another conversation, where a
 * send would deliver it to the wrong one without a word (issue 27, finding 6). Drafts
 * live in this tab's memory only; a reload waits for them (reloadWaitReason).
 *
 * A handoff is not a switch of this kind: the conversation goes on in the new session,
 * so the box keeps what it holds.
 */
import { get, set } from '../../store/storeAccess';
import { notify } from '../status/actions';
import { prependToComposer } from './actions';
import type { SessionDraft } from './initialState';
import { prepended } from './messageText';

const isEmpty = (draft: SessionDraft) => draft.text.trim() === '' && draft.attachments.length === 0;

/**
 * The box is about to show session `sessionId`: what it holds is kept as the draft of
 * the session shown now, and `sessionId`'s own draft (or nothing) takes its place. Call
 * it in the same turn as the store's activeSessionId changes to `sessionId`.
 *
 * `boxWhenAsked` is the box's text at the click that asked for the switch. Text typed
 * since, while the session was read or made, was written for `sessionId` and stays in
 * the box, unless `sessionId` has a draft of its own to bring back (then the box's text
 * is kept for the session left, as ever, and the notice says so).
 */
export function showDraftOf(sessionId: string, boxWhenAsked?: string): void {
  const state = get();
  const from = state.activeSessionId;
  if (from === sessionId) {
    // A switch that did not happen (the new session failed to open): its draft comes back.
    const own = state.drafts[sessionId];
    if (own) putInBox(own, sessionId);
    return;
  }
  const typedSince = boxWhenAsked !== undefined && state.composerText !== boxWhenAsked;
  if (typedSince && !state.drafts[sessionId]) return;
  const leaving: SessionDraft = {
    // The text of a sent message being edited is that message's, not a draft.
    text: state.editingEntryId === null ? state.composerText : '',
    attachments: state.pendingAttachments,
    keepOriginalSize: state.keepOriginalSize,
  };
  const { [sessionId]: arriving, ...others } = state.drafts;
  const keep = from !== null && !isEmpty(leaving);
  const drafts = keep ? { ...others, [from]: leaving } : others;
  set({
    drafts,
    composerText: arriving?.text ?? '',
    pendingAttachments: arriving?.attachments ?? [],
    keepOriginalSize: arriving?.keepOriginalSize ?? false,
    // Refusals were said about files given to the other session's box.
    attachmentRefusals: [],
  });
  // The box empties before the user's eyes: say where its content went.
  if (keep) {
    const title = state.sessions.find((header) => header.id === from)?.title;
    notify(
      `Your unsent message stays with ${title ? `“${title}”` : 'the session you left'}: it is back in the message box when you open that session again.`,
    );
  }
}

/**
 * Text for session `sessionId` that could not be sent (a held message refused once the
 * network was back): it goes back to that session's box, before what it holds there.
 */
export function giveBackToDraft(sessionId: string, text: string): void {
  const state = get();
  if (state.activeSessionId === sessionId) {
    prependToComposer(text);
    return;
  }
  const draft = state.drafts[sessionId];
  const merged: SessionDraft = draft
    ? { ...draft, text: prepended(text, draft.text) }
    : { text, attachments: [], keepOriginalSize: false };
  set({ drafts: { ...state.drafts, [sessionId]: merged } });
}

/** Session `sessionId` is gone: so is its draft. */
export function dropDraft(sessionId: string): void {
  const { [sessionId]: dropped, ...others } = get().drafts;
  if (dropped) set({ drafts: others });
}

/** The box holds `draft` again, and the drafts no longer keep it under `sessionId`. */
function putInBox(draft: SessionDraft, sessionId: string): void {
  const { [sessionId]: _taken, ...others } = get().drafts;
  set({
    drafts: others,
    composerText: draft.text,
    pendingAttachments: draft.attachments,
    keepOriginalSize: draft.keepOriginalSize,
  });
}

/** The open session is being deleted: what its box held goes with it, before the next session shows. */
export function emptyBox(): void {
  set({ composerText: '', pendingAttachments: [], keepOriginalSize: false, attachmentRefusals: [] });
}
