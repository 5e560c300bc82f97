/**
 * What a committed change set means for the sessions a tab shows: which sessions changed
 * (a header or an entry written) and which were deleted. Settings, attached files and
 * entries removed as orphans concern no open view; a tab learns of a file with the
 * message that refers to it.
 */
import type { CommittedChangeSet } from './backend';

/**
 * The BroadcastChannel the tabs announce their committed change sets on (followOtherTabs);
 * sync's worker posts what it pulled there too, as one more writer.
 */
export const TAB_CHANNEL_NAME = 'baton';

export type StorageChange =
  | { kind: 'sessions-changed'; sessionIds: string[] }
  | { kind: 'session-deleted'; sessionId: string };

export function sessionChangesOf(change: CommittedChangeSet): StorageChange[] {
  // Headers first, then entries: the order the sessions are listed in follows the write.
  const changed = new Set<string>();
  for (const kind of ['header', 'entry'] as const) {
    for (const record of change.put) {
      if (record.kind === kind && record.sessionId !== undefined) changed.add(record.sessionId);
    }
  }
  const deleted = change.deleted.filter((record) => record.kind === 'header').map((record) => record.id);
  for (const id of deleted) changed.delete(id);
  return [
    ...(changed.size > 0 ? [{ kind: 'sessions-changed' as const, sessionIds: [...changed] }] : []),
    ...deleted.map((sessionId) => ({ kind: 'session-deleted' as const, sessionId })),
  ];
}

/** Every session a change set changed or deleted. */
export function sessionsTouchedBy(change: CommittedChangeSet): string[] {
  return sessionChangesOf(change).flatMap((item) =>
    item.kind === 'session-deleted' ? [item.sessionId] : item.sessionIds,
  );
}

/**
 * The sessions a message on the tab channel says were changed or deleted: a committed
 * change set's summary, as SessionRepository.onChange gives it and the tabs post it. A
 * message of another shape (another Baton version, anything else) names none.
 */
export function announcedSessionIds(data: unknown): string[] {
  return isCommittedChangeSet(data) ? sessionsTouchedBy(data) : [];
}

function isCommittedChangeSet(value: unknown): value is CommittedChangeSet {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Partial<Record<keyof CommittedChangeSet, unknown>>; // Checked field by field below.
  return typeof change.seq === 'number' && isSummaryList(change.put) && isSummaryList(change.deleted);
}

function isSummaryList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((item: unknown) => {
      if (typeof item !== 'object' || item === null) return false;
      const { kind, id, sessionId } = item as Record<string, unknown>; // Checked here.
      return (
        typeof kind === 'string' &&
        typeof id === 'string' &&
        (sessionId === undefined || typeof sessionId === 'string')
      );
    })
  );
}
