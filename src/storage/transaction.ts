/**
 * One place that runs an IndexedDB transaction so that every failure behaves the same:
 * the transaction is aborted (nothing of it lands) and the caller's promise rejects
 * with the first real error (QuotaExceededError, DataCloneError, ConstraintError...),
 * not the AbortError that follows it.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import type { BatonDb, BatonDbSchema } from './schema';

export type BatonStoreName = StoreNames<BatonDbSchema>;

export type BatonTransaction<
  Stores extends ArrayLike<BatonStoreName>,
  Mode extends IDBTransactionMode,
> = IDBPTransaction<BatonDbSchema, Stores, Mode>;

/**
 * Collects a transaction's requests. Each one gets a handler at once, because a request
 * still queued when the transaction aborts rejects too, and an unheard rejection would
 * be reported as unhandled.
 */
export class RequestGroup {
  private readonly requests: Promise<unknown>[] = [];

  add<T>(request: Promise<T>): Promise<T> {
    request.catch(() => {});
    this.requests.push(request);
    return request;
  }

  /** Rejects with the first failed request's error. */
  async all(): Promise<void> {
    await Promise.all(this.requests);
  }
}

/**
 * Opens a transaction, runs `work` in it and resolves once the transaction has
 * committed. `work` must only await IndexedDB requests (anything else lets the
 * transaction auto-commit early). If `work` throws or a request fails, the transaction
 * is aborted and the returned promise rejects with that error.
 */
export async function runTransaction<
  const Stores extends ArrayLike<BatonStoreName>,
  Mode extends IDBTransactionMode,
  T,
>(
  db: BatonDb,
  stores: Stores,
  mode: Mode,
  work: (tx: BatonTransaction<Stores, Mode>, requests: RequestGroup) => Promise<T> | T,
): Promise<T> {
  const tx = db.transaction(stores, mode);
  const requests = new RequestGroup();
  requests.add(tx.done);
  try {
    const result = await work(tx, requests);
    await requests.all();
    return result;
  } catch (error) {
    abortQuietly(tx);
    // A request made after the transaction died throws at once; what killed it is the news.
    if (isAfterDeath(error))
      throw (
        (await tx.done.then(
          () => undefined,
          (reason: unknown) => reason,
        )) ?? error
      );
    throw error;
  }
}

/** The error IndexedDB throws for a request on a transaction that has already ended. */
function isAfterDeath(error: unknown): boolean {
  return (
    error instanceof DOMException && ['InvalidStateError', 'TransactionInactiveError'].includes(error.name)
  );
}

function abortQuietly(tx: { abort(): void }): void {
  try {
    tx.abort();
  } catch {
    // Already finished or already aborted: either way nothing more of it can land.
  }
}
