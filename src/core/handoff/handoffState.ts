/**
 * The handoff's states and its pure transition function (the diagram is in
 * handoffMachine.ts). Apart from the machine, so that the UI's selectors can ask
 * "is a handoff under way?" without loading the machine and its condensing code.
 */

export type HandoffState =
  | { status: 'idle' }
  | {
      status: 'generating';
      startedAt: number;
      focus?: string;
      /** Set while the conversation is being condensed to fit: pass `done + 1` of `total`. */
      condensing?: { done: number; total: number };
    }
  | { status: 'reviewing'; document: string }
  | { status: 'switching'; document: string }
  | { status: 'done'; document: string; newSessionId: string }
  | { status: 'cancelled' }
  | { status: 'failed'; reason: string };

export type HandoffTransition =
  | { type: 'start'; startedAt: number; focus?: string }
  | { type: 'condensing'; done: number; total: number }
  | { type: 'writing' }
  | { type: 'captured'; document: string }
  | { type: 'review'; document: string }
  | { type: 'reviewed'; document: string }
  | { type: 'switched'; newSessionId: string }
  | { type: 'cancel' }
  | { type: 'fail'; reason: string };

/** Generating, reviewing or switching: the session must not take other prompts. */
export function isHandoffActive(state: HandoffState): boolean {
  return state.status === 'generating' || state.status === 'reviewing' || state.status === 'switching';
}

export class InvalidHandoffTransition extends Error {
  override readonly name = 'InvalidHandoffTransition';
}

/** The pure transition function; throws on a transition the diagram does not allow. */
export function nextHandoffState(state: HandoffState, transition: HandoffTransition): HandoffState {
  const invalid = () =>
    new InvalidHandoffTransition(`${transition.type} is not allowed while ${state.status}`);
  switch (transition.type) {
    case 'start':
      if (state.status === 'generating' || state.status === 'reviewing' || state.status === 'switching')
        throw invalid();
      return {
        status: 'generating',
        startedAt: transition.startedAt,
        ...(transition.focus !== undefined && { focus: transition.focus }),
      };
    case 'condensing':
      if (state.status !== 'generating') throw invalid();
      return { ...state, condensing: { done: transition.done, total: transition.total } };
    case 'writing': {
      if (state.status !== 'generating') throw invalid();
      const { condensing: _done, ...writing } = state;
      return writing;
    }
    case 'captured':
      if (state.status !== 'generating') throw invalid();
      return { status: 'switching', document: transition.document };
    case 'review':
      if (state.status !== 'generating') throw invalid();
      return { status: 'reviewing', document: transition.document };
    case 'reviewed':
      if (state.status !== 'reviewing') throw invalid();
      return { status: 'switching', document: transition.document };
    case 'switched':
      if (state.status !== 'switching') throw invalid();
      return { status: 'done', document: state.document, newSessionId: transition.newSessionId };
    case 'cancel':
      if (state.status !== 'generating' && state.status !== 'reviewing') throw invalid();
      return { status: 'cancelled' };
    case 'fail':
      if (state.status !== 'generating' && state.status !== 'reviewing' && state.status !== 'switching')
        throw invalid();
      return { status: 'failed', reason: transition.reason };
  }
}
