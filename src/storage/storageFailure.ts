/**
 * What a failed IndexedDB write means, in words a user can act on. Browsers report
 * storage failures as DOMExceptions whose names ("QuotaExceededError", "AbortError")
 * say nothing to a reader and whose messages are often empty, so neither is shown:
 * each name gets a sentence of what happened and what to do.
 */

export interface StorageFailure {
  /** What happened, short enough for the status line ("Not saved: <short>. Retrying…"). */
  short: string;
  /** What happened, as a clause that completes "Could not save …: ". */
  what: string;
  /** What the user can do about it, a whole sentence; empty when waiting is all there is. */
  advice: string;
}

const FULL: StorageFailure = {
  short: 'storage is full',
  what: "this browser's storage for Baton is full",
  advice:
    'Free space on this device, or delete sessions you no longer need (Settings shows how much is used).',
};

const CUT_OFF: StorageFailure = {
  short: 'the write was cut off',
  what: 'the browser stopped the write before it finished',
  advice: '',
};

const CLOSED: StorageFailure = {
  short: 'storage was closed',
  what: "the browser closed this tab's connection to its storage",
  advice: 'If this goes on, copy what you need and reload the page.',
};

const NEWER: StorageFailure = {
  short: 'storage was changed by another tab',
  what: "Baton's storage was changed by another tab (a newer version of Baton, or Delete all data)",
  advice: 'Copy what you need and reload the page.',
};

const REFUSED_VALUE: StorageFailure = {
  short: 'a record could not be stored',
  what: 'the browser refused to store one of the records',
  advice: 'If this goes on, copy what you need and reload the page.',
};

const FAILED: StorageFailure = {
  short: "the browser's storage failed",
  what: "the browser's storage failed (a disk error, or site data being cleared)",
  advice: 'If this goes on, check the free space on this device and reload the page.',
};

/** By DOMException name (the IndexedDB ones, and what some browsers use for a full disk). */
const BY_NAME: Readonly<Record<string, StorageFailure>> = {
  QuotaExceededError: FULL,
  // Firefox's name for a full disk in older versions.
  NS_ERROR_DOM_QUOTA_REACHED: FULL,
  AbortError: CUT_OFF,
  TimeoutError: CUT_OFF,
  TransactionInactiveError: CLOSED,
  InvalidStateError: CLOSED,
  VersionError: NEWER,
  NotFoundError: NEWER,
  DataCloneError: REFUSED_VALUE,
  DataError: REFUSED_VALUE,
  ConstraintError: REFUSED_VALUE,
  ReadOnlyError: REFUSED_VALUE,
  UnknownError: FAILED,
};

/** The failure `error` stands for; never empty, whatever the error (or its lack of a message). */
export function describeStorageFailure(error: unknown): StorageFailure {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  const known = typeof name === 'string' ? BY_NAME[name] : undefined;
  if (known) return known;
  // Some browsers wrap a full disk in a generic error whose message still says so.
  const message = error instanceof Error ? error.message : String(error);
  if (/quota|disk is full|no space/i.test(message)) return FULL;
  return FAILED;
}

/** The storage is full (a quota error by any browser's name for it). */
export function isStorageFull(error: unknown): boolean {
  return describeStorageFailure(error) === FULL;
}

/** "Could not save <subject>: <what>." followed by the advice, when there is any. */
export function storageFailureSentence(subject: string, error: unknown, then = ''): string {
  const { what, advice } = describeStorageFailure(error);
  return [`Could not save ${subject}: ${what}.`, then, advice].filter(Boolean).join(' ');
}
