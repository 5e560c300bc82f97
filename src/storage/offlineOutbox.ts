/**
 * Messages the user sent to the real API while the browser was offline, held until the
 * connection returns (issue 29). They live in this device's localStorage, not in the
 * database: they are not part of any session yet (a synced replica must never send them
 * a second time from another device), and a reload or a closed tab must not lose them.
 *
 * Every call reads the stored list afresh, so a message another tab took is never taken
 * again here; `take` is the one way out, whether the message is sent or cancelled.
 */
import { deviceTextStore, type TextStore } from './deviceTextStore';

export interface HeldMessage {
  id: string;
  sessionId: string;
  /** What the model gets: the typed text, a prompt template already expanded. */
  text: string;
  heldAt: number;
}

export const OUTBOX_KEY = 'baton.offlineOutbox';

function isHeld(value: unknown): value is HeldMessage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.sessionId === 'string' &&
    typeof v.text === 'string' &&
    typeof v.heldAt === 'number'
  );
}

export class OfflineOutbox {
  constructor(
    private readonly store: TextStore,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  /** Every held message, oldest first; a damaged list reads as empty rather than failing the send. */
  all(): HeldMessage[] {
    try {
      const parsed: unknown = JSON.parse(this.store.getItem(OUTBOX_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isHeld) : [];
    } catch {
      return [];
    }
  }

  heldFor(sessionId: string): HeldMessage[] {
    return this.all().filter((held) => held.sessionId === sessionId);
  }

  /** Holds `text` for session `sessionId`. Throws if the browser refuses to store it (the caller keeps the text). */
  hold(sessionId: string, text: string, now = Date.now()): HeldMessage {
    const held: HeldMessage = { id: this.newId(), sessionId, text, heldAt: now };
    this.write([...this.all(), held]);
    return held;
  }

  /** Removes and returns the held message `id`; undefined if it is gone (sent or cancelled elsewhere). */
  take(id: string): HeldMessage | undefined {
    const all = this.all();
    const found = all.find((held) => held.id === id);
    if (found) this.write(all.filter((held) => held.id !== id));
    return found;
  }

  /** Session `sessionId` was deleted: what it held goes with it. */
  dropSession(sessionId: string): void {
    const all = this.all();
    const kept = all.filter((held) => held.sessionId !== sessionId);
    if (kept.length !== all.length) this.write(kept);
  }

  private write(list: HeldMessage[]): void {
    if (list.length === 0) this.store.removeItem(OUTBOX_KEY);
    else this.store.setItem(OUTBOX_KEY, JSON.stringify(list));
  }
}

/** The outbox over this browser's localStorage, or undefined where storage is blocked. */
export function browserOutbox(): OfflineOutbox | undefined {
  const store = deviceTextStore();
  return store ? new OfflineOutbox(store) : undefined;
}
