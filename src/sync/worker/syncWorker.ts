/**
 * The sync worker (issue 28): a module Web Worker that runs sync off the page's thread
 * (decrypting, encoding, batching), so typing and streaming stay smooth while it works.
 * The page's SyncController makes it and sends it commands (syncProtocol.ts); the work is
 * SyncEngine's, over the app's database, with the replicator and the codec.
 */
import { openBatonDb } from '../../storage/schema';
import { connectToServer } from '../couch/connect';
import { createReplicator } from '../couch/replicator';
import { createDocCodec } from '../documents/docCodec';
import { deviceNameOf } from './deviceName';
import { asSyncError, SyncEngine } from './syncEngine';
import type { SyncCommand, SyncReply, SyncWorkerInit } from './syncProtocol';

/** The worker's scope, as much of it as is used (the project's DOM lib types `self` as a window). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<SyncWorkerInit | SyncCommand>) => void) | null;
  postMessage(message: SyncReply): void;
}
const scope = self as unknown as WorkerScope;

let engine: Promise<SyncEngine> | undefined;

function open(databaseName: string): Promise<SyncEngine> {
  const deviceName = deviceNameOf(navigator.userAgent);
  return openBatonDb(databaseName).then((db) => {
    const made = new SyncEngine(
      db,
      {
        connect: (settings, passphrase, device) => connectToServer(settings, passphrase, fetch, device),
        createReplicator,
        createDocCodec,
      },
      { locks: navigator.locks, channel: (name) => new BroadcastChannel(name), deviceName },
    );
    void made.resume();
    return made;
  });
}

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') {
    engine ??= open(message.databaseName);
    return;
  }
  const ready = engine;
  if (!ready) {
    scope.postMessage({
      id: message.id,
      ok: false,
      error: { kind: 'server', message: 'Sync was asked before it was set up. Reload the page.' },
    });
    return;
  }
  void ready.then(
    (running) => running.handle(message).then((reply) => scope.postMessage(reply)),
    (error: unknown) => {
      const { kind, message: sentence } = asSyncError(error);
      scope.postMessage({ id: message.id, ok: false, error: { kind, message: sentence } });
    },
  );
};
