/**
 * The sync worker's logic (issue 28), apart from the worker's own globals so a test can
 * drive it: the commands from the page (start, stop, forget, saved), the one run at a
 * time across tabs (the Web Lock SYNC_LOCK_NAME: the other tabs' workers wait for it, and
 * one of them takes over when the syncing tab closes), the status on SYNC_CHANNEL_NAME,
 * and a nudge to the replicator whenever another writer commits (the tab channel, and the
 * database's file channel when it is another).
 */
import type { BatonDb } from '../../storage/schema';
import { TAB_CHANNEL_NAME } from '../../storage/sessionChanges';
import { isStorageFull, storageFailureSentence } from '../../storage/storageFailure';
import { IndexedDbReplica } from '../local/indexedDbReplica';
import { clearSyncStore, readSyncConfig, type SyncConfig, writeSyncConfig } from '../local/syncStore';
import {
  type DocCodec,
  type Replicator,
  type ReplicatorOptions,
  SyncError,
  type SyncKeys,
} from '../syncContract';
import { SYNC_CHANNEL_NAME, SYNC_LOCK_NAME, type SyncSettings, type SyncStatus } from '../syncStatus';
import { createInputPacer } from './inputPacer';
import {
  type ChannelLike,
  isChannelMessage,
  type SavedSync,
  type SyncChannelMessage,
  type SyncCommand,
  type SyncReply,
} from './syncProtocol';

/** The parts the engine runs: the replicator's and the codec's (injected so tests can fake them). */
export interface SyncParts {
  /** Checks the server and the passphrase; the keys, or a SyncError with the sentence. */
  connect(
    settings: SyncSettings,
    passphrase: string,
    device: { id: string; name: string },
  ): Promise<SyncKeys>;
  createReplicator(options: ReplicatorOptions): Replicator;
  createDocCodec(keys: SyncKeys): DocCodec | Promise<DocCodec>;
}

/** The Web Locks API, as much of it as is used (navigator.locks; tests pass their own). */
export interface LocksLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

export interface SyncEnvironment {
  locks: LocksLike;
  channel(name: string): ChannelLike;
  /** This device's name for the device document ("Chrome on Linux"). */
  deviceName: string;
}

interface Run {
  abort: AbortController;
  done: Promise<void>;
}

export class SyncEngine {
  private readonly replica: IndexedDbReplica;
  private readonly syncChannel: ChannelLike;
  private readonly tabChannels: ChannelLike[];
  private run: Run | undefined;
  private replicator: Replicator | undefined;
  private last: SyncStatus = { phase: 'off' };
  /** The tabs' word that the user is typing: a catch-up's batches wait for a pause. */
  private readonly pacer = createInputPacer();
  /** Commands run one after another: a Stop clicked during a Start waits for it. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: BatonDb,
    private readonly parts: SyncParts,
    private readonly env: SyncEnvironment,
  ) {
    this.syncChannel = env.channel(SYNC_CHANNEL_NAME);
    this.syncChannel.onmessage = (event) => this.heard(event.data);
    // The tabs' change sets and the file stores' commits: the same channel for the app's database.
    this.tabChannels = [...new Set([TAB_CHANNEL_NAME, db.name])].map((name) => {
      const channel = env.channel(name);
      channel.onmessage = () => this.replicator?.nudge();
      return channel;
    });
    // Posted on the channel objects that listen, which do not hear their own posts: a pull
    // nudges no push of itself.
    this.replica = new IndexedDbReplica(db, {
      announce: (committed) => {
        for (const channel of this.tabChannels) channel.postMessage(committed);
      },
    });
  }

  /** Starts syncing if the stored config says sync is on (a worker made at start-up, or told the config changed). */
  async resume(): Promise<void> {
    const config = await readSyncConfig(this.db);
    if (config?.running && config.keys) this.begin(config, config.keys);
  }

  handle(command: SyncCommand): Promise<SyncReply> {
    const next = this.queue.then(() => this.execute(command));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Stops everything and lets go of the channels (the worker is closing). */
  async close(): Promise<void> {
    await this.halt();
    this.syncChannel.close();
    for (const channel of this.tabChannels) channel.close();
  }

  private async execute(command: SyncCommand): Promise<SyncReply> {
    const { id } = command;
    try {
      switch (command.type) {
        case 'start':
          await this.start(command.settings, command.passphrase);
          return { id, ok: true };
        case 'stop':
          await this.stop();
          return { id, ok: true };
        case 'forget':
          await this.forget();
          return { id, ok: true };
        case 'saved': {
          const saved = savedOf(await readSyncConfig(this.db));
          return { id, ok: true, ...(saved && { saved }) };
        }
      }
    } catch (error) {
      const { kind, message } = asSyncError(error);
      return { id, ok: false, error: { kind, message } };
    }
  }

  private async start(settings: SyncSettings, passphrase: string): Promise<void> {
    const before = await readSyncConfig(this.db);
    this.publish({ phase: 'checking' });
    try {
      let keys: SyncKeys | undefined;
      if (passphrase === '') {
        keys = before?.keys;
        if (!keys)
          throw new SyncError(
            'passphrase',
            'Type the passphrase: this device has no key for sync yet. Use the same passphrase on every device.',
          );
      } else {
        const device = { id: await this.replica.deviceId(), name: this.env.deviceName };
        keys = await this.parts.connect(settings, passphrase, device);
      }
      await this.halt();
      // Another server: what this device knew of the old one's documents means nothing there.
      if (before && before.settings.url !== settings.url) await clearSyncStore(this.db);
      const config: SyncConfig = { settings, keys, running: true };
      await writeSyncConfig(this.db, config);
      this.tellOtherWorkers();
      this.begin(config, keys);
    } catch (error) {
      const { kind, message } = asSyncError(error);
      this.publish({ phase: 'error', kind, message });
      throw error;
    }
  }

  private async stop(): Promise<void> {
    await this.halt();
    const config = await readSyncConfig(this.db);
    if (config) await writeSyncConfig(this.db, { ...config, running: false });
    this.tellOtherWorkers();
    this.publish({ phase: 'off' });
  }

  /** Forget this server: the settings, the keys and all of sync's bookkeeping; the records stay. */
  private async forget(): Promise<void> {
    await this.halt();
    await clearSyncStore(this.db);
    this.tellOtherWorkers();
    this.publish({ phase: 'off' });
  }

  /** Runs the replicator once this tab holds the lock (at once, if no other tab syncs). */
  private begin(config: SyncConfig, keys: SyncKeys): void {
    const abort = new AbortController();
    const { signal } = abort;
    const done = this.env.locks
      .request(SYNC_LOCK_NAME, { signal }, async () => {
        if (signal.aborted) return;
        await this.replica.stampOlderRecords();
        // Stopped meanwhile: a replicator started now would wait for an abort already heard.
        if (signal.aborted) return;
        const replicator = this.parts.createReplicator({
          settings: config.settings,
          codec: await this.parts.createDocCodec(keys),
          local: this.replica,
          deviceName: this.env.deviceName,
          beforeBatch: (batchSignal) => this.pacer.beforeBatch(batchSignal),
          onStatus: (status) => {
            if (!signal.aborted) this.publish(status);
          },
        });
        this.replicator = replicator;
        try {
          await replicator.run(signal);
        } finally {
          if (this.replicator === replicator) this.replicator = undefined;
        }
      })
      .then(
        () => undefined,
        (error: unknown) => {
          // Aborted while waiting for the lock: a stop, nothing to say.
          if (signal.aborted) return;
          const { kind, message } = asSyncError(error);
          this.publish({ phase: 'error', kind, message });
        },
      );
    this.run = { abort, done };
  }

  /** Ends the run, if any, and waits until it has let go of the lock. */
  private async halt(): Promise<void> {
    const run = this.run;
    this.run = undefined;
    if (!run) return;
    run.abort.abort();
    await run.done;
  }

  private heard(data: unknown): void {
    if (!isChannelMessage(data)) return;
    if (data.type === 'input') this.pacer.noteInput();
    // Only the worker that syncs answers, so a waiting one never hides its status.
    if (data.type === 'ask' && this.replicator) this.post({ type: 'status', status: this.last });
    if (data.type === 'config') {
      this.queue = this.queue.then(async () => {
        await this.halt();
        await this.resume();
      });
    }
  }

  private publish(status: SyncStatus): void {
    this.last = status;
    this.post({ type: 'status', status });
  }

  private post(message: SyncChannelMessage): void {
    this.syncChannel.postMessage(message);
  }

  private tellOtherWorkers(): void {
    this.post({ type: 'config' });
  }
}

function savedOf(config: SyncConfig | undefined): SavedSync | undefined {
  return config && { settings: config.settings, running: config.running, hasKeys: config.keys !== undefined };
}

/** Every failure as a SyncError with a sentence. */
export function asSyncError(error: unknown): SyncError {
  if (error instanceof SyncError) return error;
  if (isStorageFull(error))
    return new SyncError(
      'quota-device',
      storageFailureSentence('the sync settings', error, 'Sync waits until there is room.'),
    );
  const why = error instanceof Error ? error.message : String(error);
  return new SyncError(
    'server',
    `Sync stopped on an unexpected error (${why}). Stop sync and start it again.`,
  );
}
