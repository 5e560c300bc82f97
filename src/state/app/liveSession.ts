/**
 * An agent session as the app holds it: the session, the app's work in it (sends,
 * handoffs and what follows them: SessionActivity), and its chain of automatic handoffs.
 * Whatever acts on "a session" (a send, a handoff, what follows a reply) is given one,
 * never reaches for a global.
 */
import type { AgentSession } from '../../core/agentSession';
import { AutoHandoffChain } from '../../core/handoff/autoHandoff';
import { SessionActivity } from './sessionActivity';

export interface LiveSession {
  readonly session: AgentSession;
  readonly activity: SessionActivity;
  /** Automatic handoffs in a row from this session; a message the user types resets it. */
  readonly autoHandoffs: AutoHandoffChain;
}

export function liveSession(session: AgentSession): LiveSession {
  return { session, activity: new SessionActivity(), autoHandoffs: new AutoHandoffChain() };
}

/**
 * What follows a run: `follow` (an accepted proposal's handoff, an automatic one) runs
 * once a run of the session has ended (its agent_end) and the app's work in it has
 * settled, so the session is idle and its tab lock free; `atEnd` (a title for a new
 * session) at the run's end itself, before follow-ups go out, for work nothing waits for.
 * The handoff's own run (its document) is not followed. Returns the unsubscribe.
 */
export function followRunEnds(
  live: LiveSession,
  follow: () => Promise<void>,
  atEnd: () => void = () => {},
): () => void {
  let ended = false;
  const stopEvents = live.session.subscribe((event) => {
    if (event.type !== 'agent_end' || live.session.isGeneratingHandoff) return;
    ended = true;
    atEnd();
  });
  const stopSettled = live.activity.onSettled(() => {
    if (!ended) return;
    ended = false;
    return live.activity.track(follow());
  });
  return () => {
    stopEvents();
    stopSettled();
  };
}
