/**
 * The browser's storage budget for this site: how much is used, how much may be, and
 * whether the browser promised not to evict it under pressure. Every call is optional
 * in the platform (older browsers, some private modes), so each one degrades to
 * "unknown" instead of throwing.
 */

export interface StorageUsage {
  usageBytes: number;
  quotaBytes: number;
  /** True once the browser granted persistent storage; undefined if it cannot say. */
  persisted: boolean | undefined;
}

function storageManager(): StorageManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

export async function readStorageUsage(): Promise<StorageUsage | undefined> {
  const storage = storageManager();
  if (!storage?.estimate) return undefined;
  const [estimate, persisted] = await Promise.all([
    storage.estimate(),
    storage.persisted ? storage.persisted().catch(() => undefined) : Promise.resolve(undefined),
  ]);
  return { usageBytes: estimate.usage ?? 0, quotaBytes: estimate.quota ?? 0, persisted };
}

/**
 * Asks once per page for persistent storage. Called after the first real save: asking
 * on an empty first visit would prompt (in some browsers) before there is anything
 * worth keeping.
 */
export function requestPersistenceOnce(): () => void {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    const storage = storageManager();
    // Asking again once granted is harmless and answers at once.
    storage?.persist?.().catch(() => false);
  };
}

/** "12.3 MB" with one decimal, the unit the settings line uses. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * Asks the browser again to keep this site's data (a click on Keep my data: some browsers
 * grant it only from a user gesture). Its answer, or undefined if it cannot be asked.
 */
export async function askToKeepData(): Promise<boolean | undefined> {
  const storage = storageManager();
  if (!storage?.persist) return undefined;
  try {
    return await storage.persist();
  } catch {
    return undefined;
  }
}

/** Usage past this share of the quota is warned about in Settings → Storage. */
export const NEARLY_FULL_SHARE = 0.8;

export function nearlyFull(usage: StorageUsage): boolean {
  return usage.quotaBytes > 0 && usage.usageBytes > usage.quotaBytes * NEARLY_FULL_SHARE;
}
