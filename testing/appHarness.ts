/**
 * The app as the browser runs it, minus React: the real start-up (startApp, then the
 * lazily loaded startEngine), the real store, actions, write queue and storage over
 * fake-indexeddb, and the real SDK client pointed at the local mock Messages API. For
 * tests of src/state/actions that drive the app the way the UI does and look at the
 * store, the mock's requests and what IndexedDB holds.
 *
 * The app keeps all its state in its one store (the runtime included), and the store is
 * the state modules' one instance. So each harness loads the state modules afresh
 * (vi.resetModules): a store of its own at its initialState, no runtime, no open in
 * flight, and several apps can run side by side in one test. Drive the app through the
 * modules the harness hands out; a state module the test imports itself is another copy
 * of the app, never started.
 *
 * Test files using it run in jsdom (`// @vitest-environment jsdom`): start-up waits for a
 * frame and listens for the page being hidden, and export downloads through a link.
 * jsdom has no Web Locks, so the session lock runs unguarded, as in an old browser.
 */
import 'fake-indexeddb/auto';
import { afterEach, vi } from 'vitest';
import { SessionLog } from '../src/core/session/sessionLog';
import {
  isCustomMessageEntry,
  isMessageEntry,
  type SessionEntry,
  type SessionHeader,
} from '../src/core/types/entry';
import { textOf } from '../src/core/types/messageText';
import type { Runtime } from '../src/state/app/runtime';
import type { Settings } from '../src/state/store/settings';
import type { BatonState, Notice } from '../src/state/store/store';
import { openBatonDb } from '../src/storage/schema';
import { ACTIVE_SESSION_KEY } from '../src/storage/sessionRepository';
import { type MockApi, startMockApi, TEST_API_KEY, TEST_MODEL } from './mockModel';

export { lastUserText, mockTokenCount } from '../e2e/mock/mockApi';

/** Entries as short lines to compare: `user: Hello`, `assistant: Mock reply to: Hello`, `custom handoff`. */
export function transcript(entries: readonly SessionEntry[]): string[] {
  return entries.map((entry) => {
    if (isMessageEntry(entry)) return `${entry.message.role}: ${textOf(entry.message)}`;
    return isCustomMessageEntry(entry) ? `custom ${entry.customType}` : entry.type;
  });
}

/** The state modules of one app instance, loaded afresh for it. */
async function loadApp() {
  vi.resetModules();
  const [startApp, runtime, store, settings, composerText, sending, stopping, handoff, sessions, exchange] =
    await Promise.all([
      import('../src/state/app/startApp'),
      import('../src/state/app/runtime'),
      import('../src/state/store/store'),
      import('../src/state/store/settings'),
      import('../src/state/slices/composer/actions'),
      import('../src/state/actions/composerActions'),
      import('../src/state/actions/stopReply'),
      import('../src/state/actions/handoffActions'),
      import('../src/state/actions/sessionActions'),
      import('../src/state/actions/exchangeActions'),
    ]);
  // The composer's actions as the UI has them: send, queue and the like, and Esc.
  const composer = { ...sending, stop: stopping.stop };
  return { startApp, runtime, store, settings, composerText, composer, handoff, sessions, exchange };
}

type App = Awaited<ReturnType<typeof loadApp>>;

/** A file the app handed to the browser to download (an export, a backup). */
export interface Download {
  fileName: string;
  type: string;
  text: string;
}

export interface StoredState {
  header(id: string): Promise<SessionHeader | undefined>;
  headers(): Promise<SessionHeader[]>;
  /** The branch the stored header points at, root to leaf, from the stored entries. */
  branch(sessionId: string): Promise<SessionEntry[]>;
  /** How many entries of the session are stored, on any branch. */
  entryCount(sessionId: string): Promise<number>;
  activeSessionId(): Promise<unknown>;
}

export interface AppHarness {
  mock: MockApi;
  dbName: string;
  /** The store's state now. */
  state(): BatonState;
  /** Resolves once the store's state meets `check` (now or after a later change). */
  until(check: (state: BatonState) => boolean, what: string): Promise<BatonState>;
  /** The notices shown now, without their ids. Info notices stay 8 s, longer than a test. */
  notices(): Array<Omit<Notice, 'id'>>;
  /** Types into the message box the way the composer does (control characters stripped, length checked). */
  type(text: string): void;
  /** Sets store fields the way a component's own action would (files in the composer, say). */
  setState(patch: Partial<BatonState>): void;
  /** The live objects behind the store: the agent session, the write queue, the repository. */
  runtime: Runtime;
  composer: App['composer'];
  handoff: App['handoff'];
  sessions: App['sessions'];
  exchange: App['exchange'];
  /** What the app has downloaded so far, in order. */
  downloads(): Promise<Download[]>;
  /** Resolves when every change the app made so far is written to IndexedDB. */
  flush(): Promise<void>;
  /** IndexedDB as stored, read through a connection of its own. */
  stored: StoredState;
  /** Stops the app, the mock and the database connections. */
  close(): Promise<void>;
}

export interface AppHarnessOptions {
  /** Settings stored before start-up, over the mock's key, URL and model. */
  settings?: Partial<Settings>;
  /** Sessions stored before start-up, and the active session id stored with them. */
  sessions?: ReadonlyArray<{ header: SessionHeader; entries: readonly SessionEntry[] }>;
  activeSessionId?: string;
  /** The database to start on (a restart of an app closed before); default a fresh one. */
  dbName?: string;
}

/**
 * Starts the app on a fresh database, with settings pointing at a fresh mock API stored
 * where the settings dialog stores them ("Remember key" ticked, so start-up restores the
 * key too), and resolves once start-up has finished and the runtime exists.
 */
export async function startAppHarness(options: AppHarnessOptions = {}): Promise<AppHarness> {
  const dbName = options.dbName ?? `baton-app-test-${crypto.randomUUID()}`;
  const app = await loadApp();
  // Tab sync is not under test here. A Node BroadcastChannel would link every app of the
  // test process and is never closed; without one the app follows no other tab.
  vi.stubGlobal('BroadcastChannel', undefined);
  const downloads = captureDownloads();
  const mock = await startMockApi();
  const raw = await openBatonDb(dbName);
  let runtime: Runtime;
  try {
    const settings: Settings = {
      ...app.settings.DEFAULT_SETTINGS,
      apiKey: TEST_API_KEY,
      baseURL: mock.url,
      model: TEST_MODEL,
      rememberKey: true,
      // Off unless a test turns it on (nameSession.test.ts): tests script the mock's
      // replies in order and count its requests, and a title request after each first
      // exchange would take one of them.
      nameSessions: false,
      ...options.settings,
    };
    await raw.put('settings', settings, app.settings.SETTINGS_KEY);
    for (const { header, entries } of options.sessions ?? []) {
      await raw.put('sessions', header);
      for (const entry of entries) await raw.put('entries', entry);
    }
    if (options.activeSessionId !== undefined)
      await raw.put('settings', options.activeSessionId, ACTIVE_SESSION_KEY);
    await app.startApp.startApp({ databaseName: dbName });
    runtime = await app.runtime.whenRuntime();
  } catch (error) {
    raw.close();
    downloads.restore();
    vi.unstubAllGlobals();
    await mock.close();
    throw error;
  }

  const entriesOf = (sessionId: string) => raw.getAllFromIndex('entries', 'sessionId', sessionId);
  const stored: StoredState = {
    header: (id) => raw.get('sessions', id),
    headers: () => raw.getAll('sessions'),
    async branch(sessionId) {
      const header = await raw.get('sessions', sessionId);
      if (!header) throw new Error(`Session ${sessionId} is not stored`);
      return new SessionLog(header, await entriesOf(sessionId)).getBranch();
    },
    entryCount: async (sessionId) => (await entriesOf(sessionId)).length,
    activeSessionId: () => raw.get('settings', ACTIVE_SESSION_KEY),
  };

  const state = () => app.store.batonStore.getState();
  return {
    mock,
    dbName,
    state,
    until: (check, what) => until(app.store.batonStore, check, what),
    notices: () => state().notices.map(({ id: _id, ...notice }) => notice),
    type: (text) => app.composerText.setComposerText(text),
    setState: (patch) => app.store.batonStore.setState(patch),
    runtime,
    composer: app.composer,
    handoff: app.handoff,
    sessions: app.sessions,
    exchange: app.exchange,
    downloads: downloads.read,
    flush: () => runtime.queue.flush(),
    stored,
    async close() {
      runtime.session.abort();
      await runtime.mcp.hub?.close();
      await runtime.mcp.records.close();
      runtime.queue.dispose();
      runtime.repository.close();
      await (runtime.workspace.store as { close?: () => Promise<void> }).close?.();
      raw.close();
      downloads.restore();
      vi.unstubAllGlobals();
      await mock.close();
    },
  };
}

/** As long as the e2e tests' expect waits: a full run on two loaded cores took over 5 s to reconnect an MCP server. */
const UNTIL_TIMEOUT_MS = 15_000;

function until(
  store: App['store']['batonStore'],
  check: (state: BatonState) => boolean,
  what: string,
): Promise<BatonState> {
  return new Promise((resolve, reject) => {
    if (check(store.getState())) {
      resolve(store.getState());
      return;
    }
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`The store never came to ${what} (waited ${UNTIL_TIMEOUT_MS} ms)`));
    }, UNTIL_TIMEOUT_MS);
    const stop = store.subscribe((state) => {
      if (!check(state)) return;
      clearTimeout(timer);
      stop();
      resolve(state);
    });
  });
}

/**
 * jsdom downloads nothing: the object URLs the app makes are recorded with their blobs,
 * and a click on a download link reads the blob instead of navigating.
 */
function captureDownloads(): { read(): Promise<Download[]>; restore(): void } {
  const files: Promise<Download>[] = [];
  const blobs = new Map<string, Blob>();
  const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:baton-test/${blobs.size + 1}`;
    if (blob instanceof Blob) blobs.set(url, blob);
    return url;
  });
  const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (!blob) throw new Error(`A click on a link to ${this.href}, which is no download of the app`);
    const fileName = this.download;
    files.push(blob.text().then((text) => ({ fileName, type: blob.type, text })));
  });
  return {
    read: () => Promise.all(files),
    restore() {
      createObjectURL.mockRestore();
      revokeObjectURL.mockRestore();
      click.mockRestore();
    },
  };
}

/**
 * For a test file: a `start` that opens a fresh app (more than one in a test if it
 * likes), each closed once its test has ended.
 */
export function appsPerTest(): (
  settings?: Partial<Settings>,
  stored?: Omit<AppHarnessOptions, 'settings'>,
) => Promise<AppHarness> {
  const apps: AppHarness[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  return async (settings = {}, stored = {}) => {
    const app = await startAppHarness({ ...stored, settings });
    apps.push(app);
    return app;
  };
}
