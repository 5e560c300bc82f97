/** The sync worker's engine: commands, the one run across tabs, status and nudges, with fake parts. */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeHeader, uniqueDbName } from '../../../testing/fixtures/storageTestFixtures';
import { FakeChannels, FakeLocks } from '../../../testing/fixtures/syncWorkerFakes';
import { type BatonDb, openBatonDb } from '../../storage/schema';
import { TAB_CHANNEL_NAME } from '../../storage/sessionChanges';
import { SessionRepository } from '../../storage/sessionRepository';
import { readSyncConfig } from '../local/syncStore';
import {
  type DocCodec,
  type Replicator,
  type ReplicatorOptions,
  SyncError,
  type SyncKeys,
} from '../syncContract';
import { SYNC_CHANNEL_NAME, type SyncSettings } from '../syncStatus';
import { SyncEngine, type SyncParts } from './syncEngine';
import type { SyncReply } from './syncProtocol';

const SETTINGS: SyncSettings = { url: 'https://couch.example.com/baton', username: 'ada', password: 'pw' };

/** CryptoKeys as IndexedDB stores them: structured-cloneable. */
async function makeKeys(): Promise<SyncKeys> {
  const encryption = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const ids = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return { encryption, ids };
}

/** A replicator that reports a status, then waits to be stopped; the runs are recorded. */
class FakeParts implements SyncParts {
  readonly runs: Array<{ options: ReplicatorOptions; signal?: AbortSignal; nudges: number }> = [];
  connect = vi.fn(
    async (_settings: SyncSettings, passphrase: string, _device: { id: string; name: string }) => {
      if (passphrase !== 'right')
        throw new SyncError('passphrase', 'The passphrase does not open this database.');
      return this.keys;
    },
  );
  constructor(readonly keys: SyncKeys) {}
  createDocCodec = (): DocCodec => ({}) as DocCodec; // Never called by the fake replicator.
  createReplicator = (options: ReplicatorOptions): Replicator => {
    const run: (typeof this.runs)[number] = { options, nudges: 0 };
    this.runs.push(run);
    return {
      run: (signal) => {
        run.signal = signal;
        options.onStatus({ phase: 'synced', at: 1, entries: 3, devices: 2, skipped: 0 });
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      },
      nudge: () => {
        run.nudges++;
      },
    };
  };
}

describe('SyncEngine', () => {
  let db: BatonDb;
  let channels: FakeChannels;
  let locks: FakeLocks;
  let parts: FakeParts;
  let engines: SyncEngine[];
  let page: ReturnType<FakeChannels['channel']>;
  let statuses: unknown[];
  const engine = () => {
    const made = new SyncEngine(db, parts, {
      locks,
      channel: channels.channel,
      deviceName: 'Firefox on Linux',
    });
    engines.push(made);
    return made;
  };
  let nextId = 1;
  const send = (on: SyncEngine, command: Record<string, unknown>): Promise<SyncReply> =>
    on.handle({ id: nextId++, ...command } as Parameters<SyncEngine['handle']>[0]);

  beforeEach(async () => {
    db = await openBatonDb(uniqueDbName());
    channels = new FakeChannels();
    locks = new FakeLocks();
    parts = new FakeParts(await makeKeys());
    engines = [];
    page = channels.channel(SYNC_CHANNEL_NAME);
    statuses = [];
    // The page hears the statuses; the workers' config messages are theirs.
    page.onmessage = (event) => {
      if ((event.data as { type?: string }).type === 'status') statuses.push(event.data);
    };
  });
  afterEach(async () => {
    for (const made of engines) await made.close();
    db.close();
  });

  it('start checks the server with the passphrase and this device, keeps the settings and keys, and syncs', async () => {
    const worker = engine();
    expect(await send(worker, { type: 'start', settings: SETTINGS, passphrase: 'right' })).toEqual({
      id: 1,
      ok: true,
    });
    const device = await db.get('settings', 'deviceId');
    expect(parts.connect).toHaveBeenCalledWith(SETTINGS, 'right', { id: device, name: 'Firefox on Linux' });
    const config = await readSyncConfig(db);
    expect(config).toMatchObject({ settings: SETTINGS, running: true });
    expect(config?.keys?.encryption).toBeInstanceOf(CryptoKey);
    await vi.waitFor(() => expect(parts.runs).toHaveLength(1));
    expect(parts.runs[0]?.options.settings).toEqual(SETTINGS);
    expect(parts.runs[0]?.options.deviceName).toBe('Firefox on Linux');
    await vi.waitFor(() =>
      expect(statuses).toEqual([
        { type: 'status', status: { phase: 'checking' } },
        { type: 'status', status: { phase: 'synced', at: 1, entries: 3, devices: 2, skipped: 0 } },
      ]),
    );
    expect(await send(worker, { type: 'saved' })).toMatchObject({
      ok: true,
      saved: { settings: SETTINGS, running: true, hasKeys: true },
    });
  });

  it('a wrong passphrase comes back as the SyncError’s kind and sentence, and nothing is kept', async () => {
    const worker = engine();
    const reply = await send(worker, { type: 'start', settings: SETTINGS, passphrase: 'wrong' });
    expect(reply).toMatchObject({
      ok: false,
      error: { kind: 'passphrase', message: 'The passphrase does not open this database.' },
    });
    expect(await readSyncConfig(db)).toBeUndefined();
    expect(parts.runs).toEqual([]);
    await vi.waitFor(() =>
      expect(statuses.at(-1)).toEqual({
        type: 'status',
        status: {
          phase: 'error',
          kind: 'passphrase',
          message: 'The passphrase does not open this database.',
        },
      }),
    );
  });

  it('an empty passphrase reuses the kept keys without asking the server; with none kept it says to type one', async () => {
    const worker = engine();
    const none = await send(worker, { type: 'start', settings: SETTINGS, passphrase: '' });
    expect(none).toMatchObject({ ok: false, error: { kind: 'passphrase' } });
    await send(worker, { type: 'start', settings: SETTINGS, passphrase: 'right' });
    await vi.waitFor(() => expect(parts.runs).toHaveLength(1));
    await send(worker, { type: 'stop' });
    parts.connect.mockClear();
    expect(await send(worker, { type: 'start', settings: SETTINGS, passphrase: '' })).toMatchObject({
      ok: true,
    });
    expect(parts.connect).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(parts.runs).toHaveLength(2));
  });

  it('stop ends the run and keeps the settings and keys; forget removes them and every bit of bookkeeping', async () => {
    const worker = engine();
    await send(worker, { type: 'start', settings: SETTINGS, passphrase: 'right' });
    await vi.waitFor(() => expect(parts.runs[0]?.signal).toBeDefined());
    await parts.runs[0]?.options.local.putMeta([
      { docId: 'e:1', rev: '1-a', stamp: { device: 'd', rev: 1 } },
    ]);
    expect(await send(worker, { type: 'stop' })).toMatchObject({ ok: true });
    expect(parts.runs[0]?.signal?.aborted).toBe(true);
    expect(await send(worker, { type: 'saved' })).toMatchObject({ saved: { running: false, hasKeys: true } });
    expect(statuses.at(-1)).toEqual({ type: 'status', status: { phase: 'off' } });

    expect(await send(worker, { type: 'forget' })).toMatchObject({ ok: true });
    expect(await send(worker, { type: 'saved' })).toEqual({ id: expect.any(Number), ok: true });
    expect(await db.count('sync')).toBe(0);
  });

  it('nudges the replicator when another writer commits, never for what its own pull announced', async () => {
    const worker = engine();
    await send(worker, { type: 'start', settings: SETTINGS, passphrase: 'right' });
    await vi.waitFor(() => expect(parts.runs[0]?.signal).toBeDefined());
    const otherTab = channels.channel(TAB_CHANNEL_NAME);
    await new SessionRepository(db).writeBatch({ headers: [makeHeader('s1')], entries: [] });
    otherTab.postMessage({
      seq: 1,
      device: 'x',
      rev: 1,
      put: [{ kind: 'header', id: 's1', sessionId: 's1' }],
      deleted: [],
    });
    await vi.waitFor(() => expect(parts.runs[0]?.nudges).toBe(1));

    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    const local = parts.runs[0]?.options.local;
    await local?.applyRemote([
      {
        kind: 'header',
        id: 's2',
        sessionId: 's2',
        header: {
          id: 's2',
          children: [],
          fields: Object.fromEntries(
            Object.entries({
              ...makeHeader('s2'),
              parentSession: null,
              thinking: null,
              pinned: null,
              importedAt: null,
              workspace: null,
            })
              .filter(([name]) => name !== 'id' && name !== 'children')
              .map(([name, value]) => [name, { value, stamp: { device: 'remote', rev: 5 } }]),
          ) as never,
        },
      },
    ]);
    // The other tab hears the pull; the engine does not nudge itself for it.
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(parts.runs[0]?.nudges).toBe(1);
    otherTab.close();
  });

  it('only one tab syncs: a second worker waits for the lock and takes over when the first closes', async () => {
    const first = engine();
    await send(first, { type: 'start', settings: SETTINGS, passphrase: 'right' });
    await vi.waitFor(() => expect(parts.runs).toHaveLength(1));
    const second = engine();
    await second.resume();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(parts.runs).toHaveLength(1);
    await first.close();
    await vi.waitFor(() => expect(parts.runs).toHaveLength(2));
    expect(parts.runs[0]?.signal?.aborted).toBe(true);
  });

  it('a tab opened later asks for the status and the syncing worker answers', async () => {
    const worker = engine();
    await send(worker, { type: 'start', settings: SETTINGS, passphrase: 'right' });
    await vi.waitFor(() => expect(parts.runs).toHaveLength(1));
    const later = channels.channel(SYNC_CHANNEL_NAME);
    const heard: unknown[] = [];
    later.onmessage = (event) => heard.push(event.data);
    later.postMessage({ type: 'ask' });
    await vi.waitFor(() =>
      expect(heard).toEqual([
        { type: 'status', status: { phase: 'synced', at: 1, entries: 3, devices: 2, skipped: 0 } },
      ]),
    );
    later.close();
  });

  it('holds the replicator’s next catch-up batch while any tab says the user is typing', async () => {
    const worker = engine();
    await send(worker, { type: 'start', settings: SETTINGS, passphrase: 'right' });
    await vi.waitFor(() => expect(parts.runs).toHaveLength(1));
    const beforeBatch = parts.runs[0]?.options.beforeBatch;
    if (!beforeBatch) throw new Error('the engine gave the replicator no beforeBatch');
    const signal = new AbortController().signal;
    const settled = async (pending: Promise<void>, ms: number) =>
      Promise.race([pending.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
    // No key yet: at once.
    expect(await settled(beforeBatch(signal), 20)).toBe(true);
    // Another tab (its own channel object) heard a key: the batch waits.
    const otherTab = channels.channel(SYNC_CHANNEL_NAME);
    otherTab.postMessage({ type: 'input' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const held = beforeBatch(signal);
    expect(await settled(held, 200)).toBe(false);
    // And runs once the user has paused (QUIET_MS after the key).
    expect(await settled(held, 1_000)).toBe(true);
    otherTab.close();
  });

  it('a stop in another tab stops the tab that syncs', async () => {
    const syncing = engine();
    await send(syncing, { type: 'start', settings: SETTINGS, passphrase: 'right' });
    await vi.waitFor(() => expect(parts.runs[0]?.signal).toBeDefined());
    const other = engine();
    await send(other, { type: 'stop' });
    await vi.waitFor(() => expect(parts.runs[0]?.signal?.aborted).toBe(true));
    expect(parts.runs).toHaveLength(1);
  });
});
