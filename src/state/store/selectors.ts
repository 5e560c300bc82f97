/**
 * The store's derived values, in one place. A selector runs on every store change (each
 * frame of a streaming reply), so each one is cheap: look-ups go through the header
 * index, and a selector that builds an array or object is used with `useShallow`
 * (see useBatonShallow) so a new but equal value does not re-render.
 */
import { isHandoffActive } from '../../core/handoff/handoffState';
import { isMessageEntry } from '../../core/types/entry';
import type { Message } from '../../core/types/message';
import type { ThinkingSetting } from '../../core/types/thinking';
import { isDemoModelId } from '../../llm/defaults';
import { sessionById, sessionModels } from './sessionIndex';
import { modelForSession } from './sessionModel';
import type { BatonState } from './store';

/** A handoff is generating, being reviewed or switching: no other prompt may start. */
export const selectHandoffActive = (s: BatonState): boolean => isHandoffActive(s.handoff);

/** A reply is being written or a handoff is under way: new text is queued, and Stop shows. */
export const selectBusy = (s: BatonState): boolean => s.isStreaming || isHandoffActive(s.handoff);

/** The model the open session's replies come from. */
export function selectCurrentModel(s: BatonState): string {
  return modelForSession(s.settings, sessionById(s.sessions, s.activeSessionId)?.model ?? '');
}

/** The open session's thinking: its own choice, else the Settings default. */
export function selectSessionThinking(s: BatonState): ThinkingSetting {
  return sessionById(s.sessions, s.activeSessionId)?.thinking ?? s.settings.thinking;
}

/** Models the user has used, newest session first (no demo ids): suggestions for a handoff. Use shallow. */
export function selectRecentModels(s: BatonState): string[] {
  const models = [s.settings.model, ...sessionModels(s.sessions)].filter(
    (model) => model && !isDemoModelId(model),
  );
  return [...new Set(models)];
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
