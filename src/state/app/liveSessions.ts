/**
 * The sessions the app holds live: the one on screen (current), mirrored into the store,
 * and those left while a reply was still being written, which go on writing into their
 * own logs in the background until their work has settled. Opening one of those again
 * brings it back, mid-reply or finished; storage keeps everything else.
 */
import type { SessionLog } from '../../core/session/sessionLog';
import { upsertSession } from '../slices/session/actions';
import { set } from '../store/storeAccess';
import type { LiveSession } from './liveSession';
import type { HeldSessions } from './runtimeObjects';
import { mirrorSession } from './sessionMirror';

interface Background {
  live: LiveSession;
  stop(): void;
}

export class LiveSessions implements HeldSessions {
  private unmirror: (() => void) | undefined;
  private readonly background = new Map<string, Background>();

  constructor(
    /** A live session for `log`, with the app's work in it followed (see startEngine). */
    private readonly make: (log: SessionLog) => LiveSession,
    public current: LiveSession,
  ) {
    this.unmirror = mirrorSession(current.session);
  }

  /** Every session held live, the current one first. */
  get all(): LiveSession[] {
    return [this.current, ...[...this.background.values()].map((b) => b.live)];
  }

  /** Whether the session on screen cannot be left in place: it must go on in the background. */
  get mustLeaveRunning(): boolean {
    return this.current.session.isBusy || this.current.activity.active;
  }

  /** The session `id` still writing in the background, if it is. */
  running(id: string): LiveSession | undefined {
    return this.background.get(id)?.live;
  }

  /**
   * Stops showing the current session; if it is still writing, it goes on in the
   * background (its row in the list keeps following it) until its work has settled.
   */
  leave(): LiveSession {
    const left = this.current;
    this.unmirror?.();
    this.unmirror = undefined;
    if (left.session.isBusy || left.activity.active) this.keepInBackground(left);
    return left;
  }

  /**
   * A live session for `log`, not shown: for work the user asked for earlier that runs
   * now (a message held offline, sent once the network is back). `work` starts it; the
   * session stays held until that work and what follows it have settled. Nothing is
   * stored as the active session.
   */
  startInBackground(log: SessionLog, work: (live: LiveSession) => Promise<void>): Promise<void> {
    const live = this.make(log);
    this.keepInBackground(live);
    // Tracked, so the session is let go of once the work has settled (keepInBackground).
    return live.activity.track(work(live));
  }

  /** `live` writes on off screen until its work has settled; its row in the list follows it. */
  private keepInBackground(live: LiveSession): void {
    const id = live.session.header.id;
    const stopHeaders = live.session.subscribe((event) => {
      if (event.type === 'header_changed') upsertSession(event.header);
    });
    const stopSettled = live.activity.onSettled(() => {
      if (this.background.get(id)?.live === live && !live.session.isBusy) this.drop(id);
    });
    this.background.set(id, {
      live,
      stop: () => {
        stopHeaders();
        stopSettled();
      },
    });
    this.publishBackground();
  }

  /** Shows `live` (one brought back from the background, or `left` again) as the current session. */
  enter(live: LiveSession): void {
    const id = live.session.header.id;
    if (this.background.get(id)?.live === live) this.drop(id);
    this.current = live;
    const { session } = live;
    // A reply under way is written into the branch's leaf: the mirror follows it from here.
    const streamingEntryId = session.isStreaming ? (session.header.leafId ?? undefined) : undefined;
    this.unmirror = mirrorSession(session, streamingEntryId);
    set({
      isStreaming: session.isBusy,
      queue: { steering: [...session.queues.steering], followUps: [...session.queues.followUps] },
      todos: session.todos,
      handoff: session.handoffState,
      handoffProposal: session.handoffProposal ?? null,
      editingEntryId: null,
      editingInPlace: false,
      streaming: null,
      retryStatus: null,
      retryAt: null,
    });
  }

  /** A new live session for `log`, shown: it is opened as `open` does (stored as the active one). */
  async enterNew(log: SessionLog): Promise<LiveSession> {
    const live = this.make(log);
    this.enter(live);
    await live.session.open(log);
    return live;
  }

  private drop(id: string): void {
    this.background.get(id)?.stop();
    this.background.delete(id);
    this.publishBackground();
  }

  private publishBackground(): void {
    set({ backgroundSessionIds: [...this.background.keys()] });
  }
}
