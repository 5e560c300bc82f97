/**
 * The app's work in one agent session: each send and handoff it started, and what
 * follows them once they are over. A session's core knows when a run ends (agent_end),
 * but not when the app is done with it: queued follow-ups go out after the run, the tab
 * lock is let go after them, and an accepted proposal or an automatic handoff starts only
 * then. So every send and handoff is tracked here, and when the last one has settled the
 * `onSettled` listeners run; work they start is tracked too, and awaited by whoever's
 * work settled last, so a send resolves only when all it led to is done.
 */
export type SettledListener = () => Promise<void> | void;

export class SessionActivity {
  private running = 0;
  private readonly listeners = new Set<SettledListener>();

  /** Some work the app started in this session has not settled yet. */
  get active(): boolean {
    return this.running > 0;
  }

  /** Runs `work` as part of this session's activity; resolves (or rejects) as it does. */
  async track<T>(work: Promise<T>): Promise<T> {
    this.running += 1;
    try {
      return await work;
    } finally {
      this.running -= 1;
      if (this.running === 0) await this.settle();
    }
  }

  /** Called each time the last tracked work settles. Returns the unsubscribe. */
  onSettled(listener: SettledListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async settle(): Promise<void> {
    const followUps: Array<Promise<void> | void> = [];
    for (const listener of [...this.listeners]) followUps.push(listener());
    await Promise.all(followUps);
  }
}
