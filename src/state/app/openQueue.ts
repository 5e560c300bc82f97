/**
 * Opening sessions, one after the other, where the newest click wins: an open asked for
 * while another runs waits for it, unless a newer one was asked for meanwhile, and a
 * load under way for a session no longer wanted is left behind at once (its reads finish
 * unheard), since on a disk-backed database a long session's full read can take seconds.
 */

/** Thrown out of a read that a newer open made stale. */
export const STALE_OPEN = Symbol('stale open');

export class OpenQueue {
  private opening: Promise<void> = Promise.resolve();
  private wanted: string | undefined;
  private leaveStaleLoad: (() => void) | undefined;

  /** Resolves when no open is under way. */
  settled(): Promise<void> {
    return this.opening;
  }

  /** The session the newest open asked for. */
  isWanted(id: string): boolean {
    return this.wanted === id;
  }

  /**
   * Runs `open(id, unlessStale)` after the opens before it, unless a newer one was asked
   * for by then. `unlessStale(read)` resolves as `read` does, or rejects with STALE_OPEN
   * as soon as another session is asked for.
   */
  open(id: string, open: (id: string, unlessStale: <T>(read: Promise<T>) => Promise<T>) => Promise<void>) {
    this.wanted = id;
    this.leaveStaleLoad?.();
    const run = this.opening.then(() => (this.wanted === id ? this.run(id, open) : undefined));
    // The caller hears a failed open; the queue does not, or every later open would fail with it.
    this.opening = run.catch(() => undefined);
    return run;
  }

  private async run(
    id: string,
    open: (id: string, unlessStale: <T>(read: Promise<T>) => Promise<T>) => Promise<void>,
  ): Promise<void> {
    const stale = new Promise<typeof STALE_OPEN>((resolve) => {
      this.leaveStaleLoad = () => resolve(STALE_OPEN);
    });
    const unlessStale = <T>(read: Promise<T>): Promise<T> =>
      Promise.race([read, stale]).then((result) => {
        if (result === STALE_OPEN || this.wanted !== id) throw STALE_OPEN;
        return result as T;
      });
    try {
      await open(id, unlessStale);
    } finally {
      this.leaveStaleLoad = undefined;
    }
  }
}
