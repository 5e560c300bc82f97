/** The page's sync controller: its message protocol with the worker (a fake here) and the status channel. */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uniqueDbName } from '../../../testing/fixtures/storageTestFixtures';
import { FakeChannels } from '../../../testing/fixtures/syncWorkerFakes';
import { openBatonDb } from '../../storage/schema';
import { writeSyncConfig } from '../../sync/local/syncStore';
import { SyncError } from '../../sync/syncContract';
import { SYNC_CHANNEL_NAME, type SyncSettings } from '../../sync/syncStatus';
import type { SyncCommand, SyncReply, SyncWorkerInit } from '../../sync/worker/syncProtocol';
import type { Runtime } from '../app/runtime';
import { setRuntime } from '../app/runtime';
import { resetBatonStore } from '../store/store';
import { get, set } from '../store/storeAccess';
import { startSyncIfOn } from './startSyncIfOn';
import { getSyncController, type WorkerLike, WorkerSyncController } from './syncController';

const SETTINGS: SyncSettings = { url: 'https://couch.example.com/baton', username: '', password: '' };

/** A worker that records what it is sent; the test answers for it. */
class FakeWorker implements WorkerLike {
  onmessage: WorkerLike['onmessage'] = null;
  onerror: WorkerLike['onerror'] = null;
  readonly sent: Array<SyncWorkerInit | SyncCommand> = [];
  postMessage(message: SyncWorkerInit | SyncCommand): void {
    this.sent.push(message);
  }
  reply(reply: SyncReply): void {
    this.onmessage?.({ data: reply } as MessageEvent<SyncReply>);
  }
  lastId(): number {
    const last = this.sent.at(-1);
    if (!last || last.type === 'init') throw new Error('no command sent');
    return last.id;
  }
}

describe('WorkerSyncController', () => {
  let channels: FakeChannels;
  let workers: FakeWorker[];
  const controller = (input?: EventTarget) =>
    new WorkerSyncController({
      databaseName: 'baton-test',
      channel: channels.channel(SYNC_CHANNEL_NAME),
      ...(input && { input }),
      makeWorker: () => {
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
    });
  beforeEach(() => {
    channels = new FakeChannels();
    workers = [];
  });

  it('makes no worker until a command, then tells it the database first', async () => {
    const sync = controller();
    expect(workers).toEqual([]);
    const starting = sync.start(SETTINGS, 'secret');
    expect(workers).toHaveLength(1);
    expect(workers[0]?.sent).toEqual([
      { type: 'init', databaseName: 'baton-test' },
      { type: 'start', id: 1, settings: SETTINGS, passphrase: 'secret' },
    ]);
    workers[0]?.reply({ id: 1, ok: true });
    await expect(starting).resolves.toBeUndefined();
    // The same worker takes the next command.
    const stopping = sync.stop();
    expect(workers).toHaveLength(1);
    expect(workers[0]?.sent.at(-1)).toEqual({ type: 'stop', id: 2 });
    workers[0]?.reply({ id: 2, ok: true });
    await expect(stopping).resolves.toBeUndefined();
  });

  it('a failed command rejects with a SyncError of the kind and sentence the worker sent', async () => {
    const sync = controller();
    const starting = sync.start(SETTINGS, 'wrong');
    const worker = workers[0] as FakeWorker;
    worker.reply({
      id: worker.lastId(),
      ok: false,
      error: { kind: 'unauthorized', message: 'Wrong password.' },
    });
    const error = await starting.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SyncError);
    expect(error).toMatchObject({ kind: 'unauthorized', message: 'Wrong password.' });
  });

  it('answers each reply to its own command, whatever the order', async () => {
    const sync = controller();
    const forgetting = sync.forget();
    const saved = sync.saved();
    const worker = workers[0] as FakeWorker;
    worker.reply({ id: 2, ok: true, saved: { settings: SETTINGS, running: false, hasKeys: true } });
    worker.reply({ id: 1, ok: true });
    await expect(saved).resolves.toEqual({ settings: SETTINGS, running: false, hasKeys: true });
    await expect(forgetting).resolves.toBeUndefined();
    expect(worker.sent.slice(1)).toEqual([
      { type: 'forget', id: 1 },
      { type: 'saved', id: 2 },
    ]);
  });

  it('a worker that fails to load fails the waiting commands with a sentence, and the next command makes another', async () => {
    const sync = controller();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const starting = sync.start(SETTINGS, 'secret');
    workers[0]?.onerror?.({ message: 'Failed to fetch' } as ErrorEvent);
    await expect(starting).rejects.toThrow(/could not load its sync engine/);
    errors.mockRestore();
    void sync.stop();
    expect(workers).toHaveLength(2);
  });

  it('shows the status any tab’s worker sends, asks for it when made, and tells subscribers', async () => {
    const worker = channels.channel(SYNC_CHANNEL_NAME);
    const asked: unknown[] = [];
    worker.onmessage = (event) => asked.push(event.data);
    const sync = controller();
    expect(sync.status()).toEqual({ phase: 'off' });
    await vi.waitFor(() => expect(asked).toEqual([{ type: 'ask' }]));
    const seen: unknown[] = [];
    const unsubscribe = sync.subscribe((status) => seen.push(status));
    worker.postMessage({ type: 'status', status: { phase: 'uploading', done: 4_000, total: 100_000 } });
    await vi.waitFor(() =>
      expect(sync.status()).toEqual({ phase: 'uploading', done: 4_000, total: 100_000 }),
    );
    expect(seen).toEqual([{ phase: 'uploading', done: 4_000, total: 100_000 }]);
    // Other messages on the channel are the workers' own.
    worker.postMessage({ type: 'config' });
    unsubscribe();
    worker.postMessage({ type: 'status', status: { phase: 'offline' } });
    await vi.waitFor(() => expect(sync.status()).toEqual({ phase: 'offline' }));
    expect(seen).toHaveLength(1);
  });

  it('tells the workers the user is typing while a catch-up runs, and not while synced', async () => {
    const worker = channels.channel(SYNC_CHANNEL_NAME);
    const heard: unknown[] = [];
    worker.onmessage = (event) => heard.push(event.data);
    const page = new EventTarget();
    const sync = controller(page);
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'ask' }]));
    const inputs = () => heard.filter((m) => (m as { type: string }).type === 'input').length;
    page.dispatchEvent(new Event('keydown'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inputs()).toBe(0); // Sync is off.
    worker.postMessage({ type: 'status', status: { phase: 'downloading', done: 250, total: 100_000 } });
    await vi.waitFor(() => expect(sync.status().phase).toBe('downloading'));
    page.dispatchEvent(new Event('keydown'));
    await vi.waitFor(() => expect(inputs()).toBe(1));
    worker.postMessage({
      type: 'status',
      status: { phase: 'synced', at: 1, entries: 3, devices: 2, skipped: 0 },
    });
    await vi.waitFor(() => expect(sync.status().phase).toBe('synced'));
    await new Promise((resolve) => setTimeout(resolve, 250)); // past the throttle
    page.dispatchEvent(new Event('keydown'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inputs()).toBe(1);
  });

  it('wake makes the worker, which syncs if the stored config says so', () => {
    const sync = controller();
    sync.wake();
    expect(workers[0]?.sent).toEqual([{ type: 'init', databaseName: 'baton-test' }]);
    sync.wake();
    expect(workers).toHaveLength(1);
  });
});

describe('getSyncController and start-up', () => {
  beforeEach(() => resetBatonStore());

  it('makes one controller for the app, on the runtime’s database, once the runtime exists', async () => {
    const asking = getSyncController();
    setRuntime({ repository: { databaseName: 'baton-app' } } as unknown as Runtime);
    const first = await asking;
    expect(await getSyncController()).toBe(first);
    expect(get().syncController).toBe(first);
  });

  it('wakes sync at start-up only when the stored config says it is on', async () => {
    const name = uniqueDbName();
    const wake = vi.fn();
    set({ syncController: { wake } as unknown as NonNullable<ReturnType<typeof get>['syncController']> });
    expect(await startSyncIfOn(name)).toBe(false);
    const db = await openBatonDb(name);
    await writeSyncConfig(db, { settings: SETTINGS, running: false });
    expect(await startSyncIfOn(name)).toBe(false);
    expect(wake).not.toHaveBeenCalled();
    await writeSyncConfig(db, { settings: SETTINGS, running: true });
    db.close();
    expect(await startSyncIfOn(name)).toBe(true);
    expect(wake).toHaveBeenCalledTimes(1);
  });
});
