/**
 * Stamps what a transaction writes and puts it in the change feed. Every write
 * transaction (a change set, an import, a repair) begins one recorder, tells it each
 * record it puts or deletes, and finishes it before it commits, so a record and its stamp
 * land together or not at all.
 *
 * The clock (the last sequence number and revision) and the device id live in the
 * settings store and are read and written inside the same transaction: transactions
 * over one store run one at a time, across tabs too, so every change set gets the next
 * sequence number and a revision later than any before it, however many tabs write.
 */
import type { IDBPObjectStore } from 'idb';
import type { CommittedChangeSet } from './backend';
import { type RecordSummary, recordKey } from './records';
import { asRevision, nextRevision, type Revision, type Stamp } from './revision';
import type { BatonDbSchema, StampRecord } from './schema';
import type { BatonStoreName, RequestGroup } from './transaction';

/** Settings key of this browser profile's device id: made once, on the first write. */
export const DEVICE_ID_KEY = 'deviceId';

/** Settings key of the change feed's clock: the last sequence number and revision given. */
export const CHANGE_CLOCK_KEY = 'changeClock';

/** The feed's own bookkeeping: neither stamped nor reported. */
const BOOKKEEPING_KEYS: ReadonlySet<string> = new Set([DEVICE_ID_KEY, CHANGE_CLOCK_KEY]);

export function isBookkeepingKey(key: string): boolean {
  return BOOKKEEPING_KEYS.has(key);
}

type WriteStore<Name extends BatonStoreName> = IDBPObjectStore<
  BatonDbSchema,
  ArrayLike<BatonStoreName>,
  Name,
  'readwrite'
>;

interface Clock {
  seq: number;
  rev: Revision;
}

interface Recorded {
  summary: RecordSummary;
  deleted: boolean;
  /** A replica's stamp; none for this device's own writes. */
  stamp: Stamp | undefined;
}

export class ChangeRecorder {
  private readonly recorded = new Map<string, Recorded>();

  private constructor(
    private readonly settings: WriteStore<'settings'>,
    private readonly stamps: WriteStore<'stamps'>,
    private readonly requests: RequestGroup,
    private readonly device: string,
    private readonly clock: Clock,
  ) {}

  /** Reads the device id (making it on the first write ever) and the clock. */
  static async begin(
    settings: WriteStore<'settings'>,
    stamps: WriteStore<'stamps'>,
    requests: RequestGroup,
  ): Promise<ChangeRecorder> {
    const [storedDevice, storedClock] = await Promise.all([
      requests.add(settings.get(DEVICE_ID_KEY)),
      requests.add(settings.get(CHANGE_CLOCK_KEY)),
    ]);
    let device = storedDeviceId(storedDevice);
    if (device === undefined) {
      device = crypto.randomUUID();
      requests.add(settings.put(device, DEVICE_ID_KEY));
    }
    let clock = readClock(storedClock);
    if (clock === undefined) {
      // Never written (a database from before stamps), or damaged: go on from the newest
      // stamp, so the feed's sequence numbers never repeat one a reader has checkpointed.
      const newest = await requests.add(stamps.index('seq').openCursor(null, 'prev'));
      clock = { seq: newest?.value.seq ?? 0, rev: asRevision(newest?.value.rev) };
    }
    return new ChangeRecorder(settings, stamps, requests, device, clock);
  }

  put(summary: RecordSummary, stamp?: Stamp): void {
    this.record({ summary, deleted: false, stamp });
  }

  /** A record deleted on its own; its stamp stays, as a tombstone. Give its sessionId if it has one. */
  delete(summary: RecordSummary, stamp?: Stamp): void {
    this.record({ summary, deleted: true, stamp });
  }

  /**
   * A whole session deleted (its records deleted in this transaction): every stamp of it
   * goes in one request, and its header's stamp comes back as the session's tombstone.
   * One tombstone, not one per entry, so deleting a long session costs what it did.
   */
  sessionDeleted(sessionId: string, stamp?: Stamp): void {
    this.requests.add(this.stamps.delete(IDBKeyRange.bound([sessionId], [sessionId, []])));
    for (const [key, { summary }] of this.recorded)
      if (summary.sessionId === sessionId) this.recorded.delete(key);
    this.delete({ kind: 'header', id: sessionId, sessionId }, stamp);
  }

  private record(recorded: Recorded): void {
    const { summary } = recorded;
    if (summary.kind === 'setting' && isBookkeepingKey(summary.id)) return;
    // A record written twice in one change set is reported once, as it ends.
    const key = recordKey(summary);
    this.recorded.delete(key);
    this.recorded.set(key, recorded);
  }

  /**
   * Writes the stamps and the clock; call it after every put and delete, before the
   * transaction commits. Returns what to tell listeners, or undefined if nothing changed.
   */
  finish(): CommittedChangeSet | undefined {
    if (this.recorded.size === 0) return undefined;
    const seq = this.clock.seq + 1;
    let last = this.clock.rev;
    // The clock moves past every replica's stamp first, so this device's next write is later.
    for (const { stamp } of this.recorded.values()) if (stamp && stamp.rev > last) last = stamp.rev;
    const ownStamped = [...this.recorded.values()].some(({ stamp }) => stamp === undefined);
    const rev = ownStamped ? nextRevision(last, Date.now()) : 0;
    const committed: CommittedChangeSet = { seq, device: this.device, rev, put: [], deleted: [] };
    for (const { summary, deleted, stamp } of this.recorded.values()) {
      const record: StampRecord = {
        sessionId: summary.sessionId ?? '',
        kind: summary.kind,
        id: summary.id,
        device: stamp?.device ?? this.device,
        rev: stamp?.rev ?? rev,
        seq,
        ...(deleted && { deleted: true as const }),
      };
      this.requests.add(this.stamps.put(record));
      (deleted ? committed.deleted : committed.put).push(summary);
    }
    const clock: Clock = { seq, rev: Math.max(last, rev) };
    this.requests.add(this.settings.put(clock, CHANGE_CLOCK_KEY));
    return committed;
  }
}

/** The device id stored under DEVICE_ID_KEY; undefined when none is (or something that is not one). */
export function storedDeviceId(stored: unknown): string | undefined {
  return typeof stored === 'string' && stored.length > 0 ? stored : undefined;
}

/** The stored clock; undefined where none (or something unreadable) is stored. */
function readClock(stored: unknown): Clock | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { seq, rev } = stored as Partial<Record<keyof Clock, unknown>>; // Checked field by field.
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return undefined;
  return { seq, rev: asRevision(rev) };
}
