/**
 * The page's SyncController (issue 28) over the sync worker (src/sync/worker): commands
 * go to this tab's worker and come back as replies (a failure as a SyncError with its
 * sentence); the status comes from whichever tab's worker syncs, on SYNC_CHANNEL_NAME,
 * so every tab shows it, the ones waiting for the lock too. The worker is made on the
 * first command, or at start-up when sync is on (startSyncIfOn.ts); a tab never syncing
 * makes none.
 */

import type { SyncController } from '../../sync/syncContract';
import { SyncError } from '../../sync/syncContract';
import { SYNC_CHANNEL_NAME, type SyncSettings, type SyncStatus } from '../../sync/syncStatus';
import {
  type ChannelLike,
  isChannelMessage,
  type SavedSync,
  type SyncChannelMessage,
  type SyncCommand,
  type SyncReply,
  type SyncWorkerInit,
} from '../../sync/worker/syncProtocol';
import { whenRuntime } from '../app/runtime';
import { get, set } from '../store/storeAccess';
import { type InputSource, watchUserInput } from './userInputSignal';

/** What of a Worker the controller uses (tests pass a fake). */
export interface WorkerLike {
  onmessage: ((event: MessageEvent<SyncReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: SyncWorkerInit | SyncCommand): void;
}

export interface SyncControllerOptions {
  databaseName: string;
  makeWorker?: () => WorkerLike;
  channel?: ChannelLike;
  /** Where the user's keys and clicks are heard (userInputSignal.ts); the window by default, none outside a page. */
  input?: InputSource;
}

/** The phases of a catch-up, when the user's input holds the next batch. */
const CATCHING_UP: ReadonlySet<SyncStatus['phase']> = new Set(['checking', 'uploading', 'downloading']);

/** Commands without their id: the controller numbers them. */
type Command = SyncCommand extends infer C ? (C extends SyncCommand ? Omit<C, 'id'> : never) : never;

const ENGINE_FAILED =
  'Baton could not load its sync engine (the page may be out of date). Reload the page and try again.';

export class WorkerSyncController implements SyncController {
  private worker: WorkerLike | undefined;
  private current: SyncStatus = { phase: 'off' };
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private readonly pending = new Map<
    number,
    { resolve: (reply: SyncReply) => void; reject: (error: Error) => void }
  >();
  private nextId = 1;
  private readonly channel: ChannelLike;

  constructor(private readonly options: SyncControllerOptions) {
    this.channel = options.channel ?? new BroadcastChannel(SYNC_CHANNEL_NAME);
    this.channel.onmessage = (event) => {
      const message: unknown = event.data;
      if (isChannelMessage(message) && message.type === 'status') this.show(message.status);
    };
    // A tab syncing already says where it is.
    this.channel.postMessage({ type: 'ask' });
    const input = options.input ?? (typeof window === 'undefined' ? undefined : window);
    if (input) {
      const message: SyncChannelMessage = { type: 'input' };
      watchUserInput(
        input,
        () => CATCHING_UP.has(this.current.phase),
        () => this.channel.postMessage(message),
      );
    }
  }

  start(settings: SyncSettings, passphrase: string): Promise<void> {
    return this.command({ type: 'start', settings, passphrase }).then(() => undefined);
  }

  stop(): Promise<void> {
    return this.command({ type: 'stop' }).then(() => undefined);
  }

  forget(): Promise<void> {
    return this.command({ type: 'forget' }).then(() => undefined);
  }

  async saved(): Promise<SavedSync | undefined> {
    const reply = await this.command({ type: 'saved' });
    return reply.ok ? reply.saved : undefined;
  }

  status(): SyncStatus {
    return this.current;
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Makes the worker, which syncs if the stored config says sync is on (start-up). */
  wake(): void {
    this.started();
  }

  private show(status: SyncStatus): void {
    this.current = status;
    for (const listener of [...this.listeners]) listener(status);
  }

  private command(command: Command): Promise<SyncReply> {
    const id = this.nextId++;
    return new Promise<SyncReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.started().postMessage({ ...command, id } as SyncCommand);
    });
  }

  private started(): WorkerLike {
    if (this.worker) return this.worker;
    const worker: WorkerLike =
      this.options.makeWorker?.() ??
      new Worker(new URL('../../sync/worker/syncWorker.ts', import.meta.url), {
        type: 'module',
        name: 'baton-sync',
      });
    worker.onmessage = (event) => {
      const reply = event.data;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply);
      else waiting?.reject(new SyncError(reply.error.kind, reply.error.message));
    };
    worker.onerror = (event) => {
      // A worker that failed to load answers nothing: each waiting command fails with a
      // sentence instead of hanging, and the next one makes a new worker.
      console.error('The sync worker failed:', event.message);
      for (const waiting of this.pending.values()) waiting.reject(new SyncError('server', ENGINE_FAILED));
      this.pending.clear();
      if (this.worker === worker) this.worker = undefined;
    };
    worker.postMessage({ type: 'init', databaseName: this.options.databaseName });
    this.worker = worker;
    return worker;
  }
}

/** The app's controller, made on the first ask (held in the store, like the model clients). */
export async function getSyncController(): Promise<SyncController & { wake(): void }> {
  const held = get().syncController;
  if (held) return held;
  const { repository } = await whenRuntime();
  const again = get().syncController;
  if (again) return again;
  const controller = new WorkerSyncController({ databaseName: repository.databaseName });
  set({ syncController: controller });
  return controller;
}
