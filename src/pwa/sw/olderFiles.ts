/**
 * The files of a replaced version, kept for the tabs still running it. When a tab's
 * Reload activates a new version, the worker takes over every open tab, and Workbox then
 * deletes the old version's files from the precache; an old tab that then opens a dialog
 * or starts a worker asks for a file the server may no longer have (a deploy replaces
 * them) and that is no longer cached. So before Workbox cleans up, the old files are
 * copied here, with the ids of the tabs open at that moment; once none of those tabs is
 * open, the copy is deleted.
 */

export const OLDER_FILES_CACHE = 'baton-older-files';

/** A record of the tabs that may need the kept files, stored beside them under the scope (no page asks for it). */
function tabsKey(scope: string): string {
  return new URL('__baton-tabs-on-older-versions', scope).href;
}

export interface WindowClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<ReadonlyArray<{ id: string }>>;
}

async function openTabIds(clients: WindowClients): Promise<Set<string>> {
  const tabs = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  return new Set(tabs.map((tab) => tab.id));
}

async function recordedTabs(cache: Cache, scope: string): Promise<string[]> {
  const record = await cache.match(tabsKey(scope));
  if (!record) return [];
  const ids: unknown = await record.json().catch(() => []);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Before the new version's activation deletes them: copies the precache's entries under
 * `filesPrefix` that the new version does not list into the kept cache. With no tab open,
 * nothing can need them, and any older copy goes too.
 */
export async function keepReplacedFiles(options: {
  scope: string;
  precacheName: string;
  expectedKeys: ReadonlySet<string>;
  filesPrefix: string;
  clients: WindowClients;
}): Promise<void> {
  const tabs = await openTabIds(options.clients);
  if (tabs.size === 0) {
    await caches.delete(OLDER_FILES_CACHE);
    return;
  }
  const precache = await caches.open(options.precacheName);
  const kept = await caches.open(OLDER_FILES_CACHE);
  for (const request of await precache.keys()) {
    if (options.expectedKeys.has(request.url) || !request.url.startsWith(options.filesPrefix)) continue;
    const response = await precache.match(request);
    if (response) await kept.put(request.url, response);
  }
  const ids = new Set([...(await recordedTabs(kept, options.scope)), ...tabs]);
  await kept.put(tabsKey(options.scope), new Response(JSON.stringify([...ids])));
}

/** Deletes the kept files once no tab that was open when they were kept is open any more. */
export async function forgetOlderFilesWhenUnused(scope: string, clients: WindowClients): Promise<void> {
  if (!(await caches.has(OLDER_FILES_CACHE))) return;
  const kept = await caches.open(OLDER_FILES_CACHE);
  const open = await openTabIds(clients);
  if ((await recordedTabs(kept, scope)).some((id) => open.has(id))) return;
  await caches.delete(OLDER_FILES_CACHE);
}

/** A kept file of an older version, if there is one. */
export async function matchOlderFile(url: string): Promise<Response | undefined> {
  if (!(await caches.has(OLDER_FILES_CACHE))) return undefined;
  return (await caches.open(OLDER_FILES_CACHE)).match(url);
}
