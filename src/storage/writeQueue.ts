/**
 * The SessionPersistence the app writes through. Invariants:
 *
 * - Nothing is written before start(). The app calls start() once its first load has
 *   finished; writing earlier could replace stored records with a half-loaded state.
 *   Saves made before then are kept and written on start().
 * - Saves are coalesced by record (latest value wins) and written together, one change
 *   set (one transaction) per write, at most one write started per `intervalMs`: a reply that streams for three
 *   seconds costs about a dozen writes, not one per token.
 * - One write at a time, so a write never races an older one. The one exception is the
 *   handoff's commit, which starts at once beside a write under way: both are readwrite
 *   transactions over the settings store (every change set reads it), so IndexedDB runs
 *   them in the order they were created, and the commit holds everything queued anyway.
 * - A reply being streamed, when nothing else is queued, waits one interval from when
 *   it was first queued: a reply that ends within it is written once, by the flush the
 *   session makes at its end, not twice. What it risks is what any interval risks (the
 *   last moments of a partial reply); the user's message before it is already written.
 * - A value leaves the queue only once a write holding it (or a newer value) has
 *   committed. A failed write keeps everything queued, reports through onError and is
 *   retried after `retryDelaysMs`; hasPendingWrites() stays true until it lands.
 */
import type { AttachmentRecord } from '../core/attachments/attachmentTypes';
import type { HandoffCommit, SessionPersistence } from '../core/session/persistence';
import { isMessageEntry, type SessionEntry, type SessionHeader } from '../core/types/entry';
import type { ChangeWriter } from './backend';
import { type RecordKind, recordKey, refOf, type StoredRecord } from './records';
import { ACTIVE_SESSION_KEY } from './settingsKeys';

export interface WriteQueueOptions {
  /** Shortest time between the starts of two writes. Default 250. */
  intervalMs?: number;
  /** Called with the original error each time a write fails. */
  onError?: (error: Error) => void;
  /** Called after each write that committed; check hasPendingWrites() before saying "saved". */
  onSaved?: () => void;
  /** Called when a write left out records of sessions deleted meanwhile (by another tab). */
  onRefused?: (sessionIds: string[]) => void;
  /** Waits before each retry of a failed write; the last one repeats. Default [500, 1000, 2000, 4000]. */
  retryDelaysMs?: number[];
  /** Called as a write that holds the active-session pointer starts, with the session it names. */
  onPointerWriting?: (sessionId: string) => void;
  /** Called after a write that stored the active-session pointer committed, with the session it names. */
  onPointerStored?: (sessionId: string) => void;
}

export class WriteQueueNotStartedError extends Error {
  override readonly name = 'WriteQueueNotStartedError';
  constructor(operation: string) {
    super(`Cannot ${operation} before the write queue is started (after the first load has finished).`);
  }
}

const DEFAULT_INTERVAL_MS = 250;
const DEFAULT_RETRY_DELAYS_MS = [500, 1000, 2000, 4000];
const POINTER_KEY = recordKey({ kind: 'setting', id: ACTIVE_SESSION_KEY });

/** The session the active-session pointer in `put` names, if it holds one. */
function pointerIn(put: ReadonlyMap<string, StoredRecord>): string | undefined {
  const record = put.get(POINTER_KEY);
  return record?.kind === 'setting' && typeof record.value === 'string' ? record.value : undefined;
}

interface Queued {
  record: StoredRecord;
  /** Which save this is; a write may only drop a value it actually wrote. */
  version: number;
}

/** Queued records by kind and id; a later save replaces an earlier one, keeping its place. */
class PendingRecords {
  private readonly items = new Map<string, Queued>();
  private version = 0;

  set(record: StoredRecord): void {
    this.items.set(recordKey(refOf(record)), { record, version: ++this.version });
  }

  get size(): number {
    return this.items.size;
  }

  /** The queued records of one kind, in the order they were first queued. */
  ofKind<K extends RecordKind>(kind: K): Array<Extract<StoredRecord, { kind: K }>> {
    const found: Array<Extract<StoredRecord, { kind: K }>> = [];
    for (const { record } of this.items.values()) {
      if (record.kind === kind) found.push(record as Extract<StoredRecord, { kind: K }>);
    }
    return found;
  }

  count(kind: RecordKind): number {
    return this.ofKind(kind).length;
  }

  get(kind: RecordKind, id: string): StoredRecord | undefined {
    return this.items.get(recordKey({ kind, id }))?.record;
  }

  snapshot(): Map<string, Queued> {
    return new Map(this.items);
  }

  /** Replaces queued records `rewrite` changes, keeping their place and version. */
  rewrite(rewrite: (record: StoredRecord) => StoredRecord | undefined): void {
    for (const [key, queued] of this.items) {
      const next = rewrite(queued.record);
      if (next !== undefined) this.items.set(key, { record: next, version: queued.version });
    }
  }

  /** Drops what a committed write held, unless a newer save has replaced it since. */
  settle(written: Map<string, Queued>): void {
    for (const [key, queued] of written) {
      if (this.items.get(key)?.version === queued.version) this.items.delete(key);
    }
  }
}

export class WriteQueue implements SessionPersistence {
  private readonly intervalMs: number;
  private readonly retryDelaysMs: number[];
  private readonly onError: ((error: Error) => void) | undefined;
  private readonly onSaved: (() => void) | undefined;
  private readonly onRefused: ((sessionIds: string[]) => void) | undefined;
  private readonly onPointerWriting: ((sessionId: string) => void) | undefined;
  private readonly onPointerStored: ((sessionId: string) => void) | undefined;

  private readonly pending = new PendingRecords();

  private started = false;
  private disposed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Settles (never rejects) when every write started so far has finished. */
  private inFlight: Promise<void> | null = null;
  private lastWriteStartedAt = Number.NEGATIVE_INFINITY;
  /** When the streaming entries queued now began to be queued (see the invariants). */
  private replyQueuedAt = Number.NEGATIVE_INFINITY;
  /** The armed timer waits for the reply's interval, not the writes' (see schedule). */
  private heldForReply = false;
  private consecutiveFailures = 0;

  /**
   * `backend.apply` must create its transaction before it returns (SessionRepository's
   * does): a handoff's commit relies on IndexedDB running it after a write already under
   * way (see the invariants above).
   */
  constructor(
    private readonly backend: ChangeWriter,
    options: WriteQueueOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.onError = options.onError;
    this.onSaved = options.onSaved;
    this.onRefused = options.onRefused;
    this.onPointerWriting = options.onPointerWriting;
    this.onPointerStored = options.onPointerStored;
  }

  /** Allows writes from now on; call once the app's first load has finished. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule();
  }

  /** Stops the timers. Queued values stay queued; flush() first to keep them. */
  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  saveEntry(entry: SessionEntry): void {
    // A reply's first save starts its wait (see the invariants); its later saves keep it.
    if (isStreaming(entry) && this.pending.ofKind('entry').every((queued) => !isStreaming(queued.value))) {
      this.replyQueuedAt = Date.now();
    }
    this.pending.set({ kind: 'entry', value: entry });
    this.schedule();
  }

  saveHeader(header: SessionHeader): void {
    this.pending.set({ kind: 'header', value: header });
    this.schedule();
  }

  saveAttachment(record: AttachmentRecord): void {
    this.pending.set({ kind: 'attachment', value: record });
    this.schedule();
  }

  /** A queued attachment not yet written (a request may need it before it lands). */
  pendingAttachment(id: string): AttachmentRecord | undefined {
    const queued = this.pending.get('attachment', id);
    return queued?.kind === 'attachment' ? queued.value : undefined;
  }

  /**
   * Rewrites what is queued (a forgotten key taken out) and resolves once no write that
   * began before is still under way: what lands after that is the rewritten value.
   */
  async rewritePending(
    entry: (value: SessionEntry) => SessionEntry | undefined,
    header: (value: SessionHeader) => SessionHeader | undefined,
  ): Promise<void> {
    this.pending.rewrite((record) => {
      if (record.kind === 'entry') {
        const next = entry(record.value);
        return next && { kind: 'entry', value: next };
      }
      if (record.kind === 'header') {
        const next = header(record.value);
        return next && { kind: 'header', value: next };
      }
      return undefined;
    });
    while (this.inFlight) await this.inFlight;
  }

  /** True while anything is queued or being written. */
  hasPendingWrites(): boolean {
    return this.pendingCount() > 0;
  }

  /** The ids of the entries queued or being written. */
  pendingEntryIds(): string[] {
    return this.pending.ofKind('entry').map((record) => record.value.id);
  }

  /** The entries and headers queued or being written: what a page ending now would lose. */
  pendingSessionRecords(): { entries: SessionEntry[]; headers: SessionHeader[] } {
    return {
      entries: this.pending.ofKind('entry').map((record) => record.value),
      headers: this.pending.ofKind('header').map((record) => record.value),
    };
  }

  /** How many records are queued or being written. */
  pendingCount(): number {
    return this.pending.size;
  }

  /** Rejects before start(): waiting instead could hang an app that awaits it while loading. */
  async flush(): Promise<void> {
    this.assertStarted('flush');
    while (this.inFlight) await this.inFlight;
    if (!this.hasPendingWrites()) return;
    this.clearTimer();
    await this.write();
  }

  async setActiveSession(sessionId: string): Promise<void> {
    this.assertStarted('set the active session');
    // Queued with the rest so that the pointer never lands before the session it names.
    this.pending.set({ kind: 'setting', key: ACTIVE_SESSION_KEY, value: sessionId });
    await this.flush();
  }

  /**
   * Everything queued plus the handoff in one change set. The handoff's records are
   * not queued: if the transaction fails they are gone from here (the promise rejects
   * and the caller decides), while the queued writes stay queued and are retried.
   */
  async commitHandoff(commit: HandoffCommit): Promise<void> {
    this.assertStarted('commit a handoff');
    // Not waiting for a write under way: its complete event can be a long task away (the
    // page renders meanwhile), and IndexedDB already runs this transaction after it (see
    // the invariants above). Queued values it holds are written again here, harmlessly.
    this.clearTimer();
    await this.write([
      { kind: 'entry', value: commit.handoffEntry },
      { kind: 'header', value: commit.parent },
      { kind: 'header', value: commit.child },
      { kind: 'setting', key: ACTIVE_SESSION_KEY, value: commit.child.id },
    ]);
  }

  /** Starts one write of everything queued (plus `extra`, which wins over queued values). */
  private write(extra: StoredRecord[] = []): Promise<void> {
    const snapshot = this.pending.snapshot();
    const put = new Map<string, StoredRecord>();
    for (const [key, { record }] of snapshot) put.set(key, record);
    for (const record of extra) put.set(recordKey(refOf(record)), record);
    this.lastWriteStartedAt = Date.now();
    const pointer = pointerIn(put);
    if (pointer !== undefined) this.onPointerWriting?.(pointer);
    const attempt = this.backend.apply({ put: [...put.values()] }).then(
      (result) => {
        // Settled like the rest: a deleted session's records have nowhere to go.
        if (result.refusedSessionIds.length > 0) this.onRefused?.(result.refusedSessionIds);
        this.pending.settle(snapshot);
        this.consecutiveFailures = 0;
        if (pointer !== undefined) this.onPointerStored?.(pointer);
        this.onSaved?.();
      },
      (error: unknown) => {
        this.consecutiveFailures += 1;
        this.onError?.(error instanceof Error ? error : new Error(String(error)));
        throw error;
      },
    );
    // Chained onto a write still under way (a handoff's commit beside it), so that
    // `inFlight` settles only when both have.
    const settled = attempt.then(
      () => undefined,
      () => undefined,
    );
    const previous = this.inFlight;
    const all = previous ? Promise.all([previous, settled]).then(() => undefined) : settled;
    this.inFlight = all;
    void all.then(() => this.finishWrite(all));
    return attempt;
  }

  /** After the newest write has settled (an older one settling first changes nothing). */
  private finishWrite(all: Promise<void>): void {
    if (this.inFlight !== all) return;
    this.inFlight = null;
    this.schedule();
  }

  /** Arms the timer for the next write if one is due and none is armed or running. */
  private schedule(): void {
    // A timer held back for a reply alone does not hold back what was queued since.
    if (this.heldForReply && !this.onlyReplyQueued()) this.clearTimer();
    if (!this.started || this.disposed || this.timer !== undefined || this.inFlight) return;
    if (!this.hasPendingWrites()) return;
    const now = Date.now();
    const replyWait = this.onlyReplyQueued() ? this.replyQueuedAt + this.intervalMs - now : 0;
    const delay =
      this.consecutiveFailures > 0
        ? this.retryDelay()
        : Math.max(0, this.lastWriteStartedAt + this.intervalMs - now, replyWait);
    this.heldForReply = this.consecutiveFailures === 0 && replyWait > 0;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.heldForReply = false;
      if (this.inFlight) return; // Its finishWrite() schedules again.
      // Failures are reported through onError and retried by finishWrite().
      this.write().catch(() => {});
    }, delay);
  }

  /** Nothing queued but a reply being streamed (and the headers it moves). */
  private onlyReplyQueued(): boolean {
    const entries = this.pending.ofKind('entry');
    return (
      this.pending.count('setting') === 0 &&
      this.pending.count('attachment') === 0 &&
      entries.length > 0 &&
      entries.every((record) => isStreaming(record.value))
    );
  }

  private retryDelay(): number {
    const delays = this.retryDelaysMs;
    if (delays.length === 0) return this.intervalMs;
    return delays[Math.min(this.consecutiveFailures, delays.length) - 1] ?? this.intervalMs;
  }

  private clearTimer(): void {
    this.heldForReply = false;
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private assertStarted(operation: string): void {
    if (!this.started) throw new WriteQueueNotStartedError(operation);
  }
}

function isStreaming(entry: SessionEntry): boolean {
  return isMessageEntry(entry) && entry.message.stopReason === 'streaming';
}
