/**
 * Start-up, first half: open storage, read the settings, the session headers and the
 * newest messages of the session to open, and paint them. Only then is the agent chunk
 * (the loop, the SDK, handoff, export) loaded and the rest of the session read; see
 * startEngine. Nothing is written before that first load has finished.
 */
import { SessionLog } from '../core/session/sessionLog';
import type { SessionEntry, SessionHeader } from '../core/session/types';
import { SessionRepository } from '../storage/sessionRepository';
import { notifyError } from './notices';
import { failRuntime } from './runtime';
import { readTabKey, restoreSettings, SETTINGS_KEY } from './settings';
import { errorText, get, set } from './storeAccess';

/**
 * How many of a session's newest entries are read for its first paint: more than a tall
 * screen shows, few enough that opening costs the same at any session size.
 */
export const FIRST_PAINT_ENTRIES = 100;

export async function startApp(options: { databaseName?: string } = {}): Promise<void> {
  try {
    const repository = await SessionRepository.open(options.databaseName);
    const [stored, { headers, problems }, activeId] = await Promise.all([
      repository.getSetting(SETTINGS_KEY),
      repository.loadHeaders(),
      repository.getActiveSessionId(),
    ]);
    const settings = restoreSettings(stored);
    if (!settings.rememberKey) settings.apiKey = readTabKey();
    const active = headers.find((h) => h.id === activeId) ?? headers[0];
    const newest = active ? await repository.loadNewestEntries(active.id, FIRST_PAINT_ENTRIES) : undefined;
    set({
      phase: 'ready',
      settings,
      sessions: headers,
      activeSessionId: active?.id ?? null,
      entries: active && newest ? newestBranch(active, newest.entries) : [],
    });

    await afterFirstPaint();
    const [engine, loaded] = await Promise.all([
      import('./startEngine'),
      active ? repository.loadEntries(active.id) : undefined,
    ]);
    engine.startEngine({
      repository,
      headers,
      ...(active && loaded && { active: { header: active, entries: loaded.entries } }),
      problems: [...problems, ...(loaded?.problems ?? [])],
    });
  } catch (error) {
    failRuntime(error);
    if (get().phase !== 'ready') set({ phase: 'failed', loadError: errorText(error) });
    else notifyError(`Baton could not finish loading: ${errorText(error)}. Reload the page to try again.`);
  }
}

/**
 * The end of the branch the header points at, as far as `entries` reach back: what the
 * first paint shows while the rest of the session is read.
 */
export function newestBranch(header: SessionHeader, entries: readonly SessionEntry[]): SessionEntry[] {
  return new SessionLog(header, entries).getBranch();
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
