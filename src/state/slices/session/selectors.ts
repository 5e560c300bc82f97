/**
 * Derived values of the session slice. A selector runs on every store change (each frame
 * of a streaming reply), so each one is cheap: look-ups go through the header index, and
 * a selector that builds an array or object is used with `useShallow` (useBatonShallow).
 */
import { isMessageEntry, type SessionHeader } from '../../../core/types/entry';
import type { Message } from '../../../core/types/message';
import type { ThinkingSetting } from '../../../core/types/thinking';
import { sessionById } from '../../store/sessionIndex';
import { modelForSession } from '../../store/sessionModel';
import type { BatonState } from '../../store/store';

/** The header of session `id`, if the list has it. */
export const selectSession =
  (id: string | null | undefined) =>
  (s: BatonState): SessionHeader | undefined =>
    sessionById(s.sessions, id);

/** The model the open session's replies come from. */
export function selectCurrentModel(s: BatonState): string {
  return modelForSession(s.settings, sessionById(s.sessions, s.activeSessionId)?.model ?? '');
}

/** The open session's thinking: its own choice, else the Settings default. */
export function selectSessionThinking(s: BatonState): ThinkingSetting {
  return sessionById(s.sessions, s.activeSessionId)?.thinking ?? s.settings.thinking;
}

/** The open session is part of a handoff chain. */
export function selectInChain(s: BatonState): boolean {
  const header = sessionById(s.sessions, s.activeSessionId);
  return header !== undefined && (header.parentSession !== undefined || header.children.length > 0);
}

/** One shared empty list, so a missing session never looks like a change. */
const NO_CHILDREN: readonly string[] = [];

/** The sessions the open one was handed off to. */
export const selectHandedOffTo = (s: BatonState): readonly string[] =>
  sessionById(s.sessions, s.activeSessionId)?.children ?? NO_CHILDREN;

export const selectSessionTitle =
  (id: string | undefined) =>
  (s: BatonState): string | undefined =>
    sessionById(s.sessions, id)?.title;

/** `message` is the newest entry of the open branch. */
export const selectIsNewest =
  (message: Message) =>
  (s: BatonState): boolean => {
    const last = s.entries.at(-1);
    return last !== undefined && isMessageEntry(last) && last.message === message;
  };
