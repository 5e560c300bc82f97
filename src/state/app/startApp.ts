/**
 * Start-up, first half: open storage, read the settings, the session headers and the
 * newest messages of the session to open (startupReads, begun by the entry before the UI
 * loads), and paint them. Only then is the agent chunk
 * (the loop, the SDK, handoff, export) loaded and the rest of the session read; see
 * startEngine. Nothing is written before that first load has finished; the storage's
 * write path loads with it (sessionRepository's loadRepositoryWrites).
 */
import { loadRepositoryWrites } from '../../storage/sessionRepository';
import { startupFailed } from '../slices/status/actions';
import { readTabKey, restoreSettings } from '../store/settings';
import { errorText, set } from '../store/storeAccess';
import { FIRST_PAINT_ENTRIES, newestBranch } from './firstPaint';
import { failRuntime } from './runtime';
import { readStartup, type StartupReads } from './startupReads';

export interface StartAppOptions {
  databaseName?: string;
  /**
   * The reads the entry started before the UI was loaded (src/boot.ts); without them,
   * start-up reads `databaseName` itself. A rejection ends as any start-up failure.
   */
  reads?: Promise<StartupReads>;
}

export async function startApp(options: StartAppOptions = {}): Promise<void> {
  try {
    const {
      repository,
      storedSettings: stored,
      headers: { headers, problems },
      activeId,
      storedActiveId,
      newestOfActive,
    } = await (options.reads ?? readStartup(options.databaseName));
    const settings = restoreSettings(stored);
    if (!settings.rememberKey) settings.apiKey = readTabKey();
    // The noted session, else the stored pointer's (a note can name a session deleted
    // since, or one never stored), else the newest.
    const active =
      headers.find((h) => h.id === activeId) ?? headers.find((h) => h.id === storedActiveId) ?? headers[0];
    const newest =
      active?.id === activeId
        ? newestOfActive
        : active
          ? await repository.loadNewestEntries(active.id, FIRST_PAINT_ENTRIES)
          : undefined;
    set({
      phase: 'ready',
      settings,
      sessions: headers,
      activeSessionId: active?.id ?? null,
      entries: active && newest ? newestBranch(active, newest.entries) : [],
    });

    await afterFirstPaint();
    // The storage's write path is not in the initial JavaScript: it loads beside the
    // agent chunk, before anything writes (a failed fetch is tried again at the first write).
    const [engine, loaded] = await Promise.all([
      import('./startEngine'),
      active ? repository.loadEntries(active.id) : undefined,
      loadRepositoryWrites().catch(() => undefined),
    ]);
    await engine.startEngine({
      repository,
      headers,
      ...(active && loaded && { active: { header: active, entries: loaded.entries } }),
      problems: [...problems, ...(loaded?.problems ?? [])],
    });
  } catch (error) {
    failRuntime(error);
    startupFailed(errorText(error));
  }
}

/** Resolves once the browser has painted what the store holds (or soon, in a hidden tab, which never paints). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
