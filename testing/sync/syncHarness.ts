/**
 * Devices for the replicator's tests (issue 28): an in-memory replica, the clear codec
 * and a replicator against a real CouchDB-protocol server, with every request seen by a
 * fetch the test can count and break.
 */
import type { SessionEntry, SessionHeader } from '../../src/core/types/entry';
import { connectToServer } from '../../src/sync/couch/connect';
import { createReplicator } from '../../src/sync/couch/replicator';
import type { Tuning } from '../../src/sync/couch/syncContext';
import { createMeta } from '../../src/sync/crypto/metaDoc';
import { createDocCodec } from '../../src/sync/documents/docCodec';
import type { DocCodec, ReplicatorOptions, SyncKeys } from '../../src/sync/syncContract';
import type { SyncSettings, SyncStatus } from '../../src/sync/syncStatus';
import type { CouchServer } from '../couch/couchServer';
import { createMemoryReplica, type MemoryReplica } from './memoryReplica';

export interface SeenRequest {
  method: string;
  path: string;
  body?: unknown;
}

/** Decides per request: undefined passes it on; a Response or a thrown error replaces it. */
export type Fault = (request: SeenRequest, call: number) => Response | Promise<Response> | undefined;

export interface Device {
  replica: MemoryReplica;
  codec: DocCodec;
  requests: SeenRequest[];
  statuses: SyncStatus[];
  /** Replaced or cleared by tests at any time. */
  fault?: Fault;
  fetch: typeof fetch;
  settings: SyncSettings;
  /** Starts a run; `stop` aborts it and waits for it to end. `beforeBatch` as the replicator takes it. */
  start(tuning?: Partial<Tuning>, beforeBatch?: ReplicatorOptions['beforeBatch']): Running;
  /** Runs until the first "synced" (or an error), then stops. */
  syncOnce(tuning?: Partial<Tuning>): Promise<SyncStatus>;
}

export interface Running {
  nudge(): void;
  stop(): Promise<void>;
  done: Promise<void>;
}

export const FAST: Partial<Tuning> = { longpollMs: 1_500, backoffBaseMs: 20 };

/** Few KDF iterations, so tests run fast (the KDF itself is crypto's test). */
export const FEW_ITERATIONS = { iterations: 1_000, minIterations: 1_000 };

let shared: Promise<SyncKeys> | undefined;
/** Keys for a device that cannot connect. */
function testKeys(): Promise<SyncKeys> {
  shared ??= createMeta('a test passphrase', FEW_ITERATIONS.iterations).then(({ keys }) => keys);
  return shared;
}

/**
 * A device of database `database`: connected as the Settings' Start sync does (which writes
 * its `d:` document and gives the keys of the database's passphrase), unless the
 * credentials are not the admin's (a test of a refusal), which use the shared test keys.
 */
export async function createDevice(
  server: CouchServer,
  database: string,
  deviceId: string,
  credentials = server.admin,
): Promise<Device> {
  const settings = { url: server.databaseUrl(database), ...credentials };
  const keys =
    credentials === server.admin
      ? await connectToServer(
          settings,
          'a test passphrase',
          fetch,
          { id: deviceId, name: deviceId },
          FEW_ITERATIONS,
        )
      : await testKeys();
  const device: Device = {
    replica: createMemoryReplica(deviceId),
    codec: createDocCodec(keys),
    requests: [],
    statuses: [],
    settings,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const text = typeof init?.body === 'string' ? init.body : undefined;
      const seen: SeenRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/[^/]+\/?/, '') + url.search,
        ...(text !== undefined && { body: JSON.parse(text) }),
      };
      device.requests.push(seen);
      const replaced = await device.fault?.(seen, device.requests.length);
      if (replaced) return replaced;
      return fetch(input, init);
    }) as typeof fetch,
    start(tuning = FAST, beforeBatch) {
      const controller = new AbortController();
      const replicator = createReplicator(
        {
          settings: device.settings,
          codec: device.codec,
          local: device.replica,
          deviceName: deviceId,
          fetch: device.fetch,
          onStatus: (status) => device.statuses.push(status),
          ...(beforeBatch && { beforeBatch }),
        },
        tuning,
      );
      const done = replicator.run(controller.signal);
      return {
        nudge: () => replicator.nudge(),
        done,
        async stop() {
          controller.abort();
          await done;
        },
      };
    },
    async syncOnce(tuning = FAST) {
      const from = device.statuses.length;
      const running = device.start(tuning);
      const status = await waitForStatus(device, (s) => s.phase === 'synced' || s.phase === 'error', from);
      await running.stop();
      return status;
    },
  };
  return device;
}

/** The first status from index `from` on that matches, waiting for it up to `timeoutMs`. */
export async function waitForStatus(
  device: Device,
  match: (status: SyncStatus) => boolean,
  from = 0,
  timeoutMs = 15_000,
): Promise<SyncStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = device.statuses.slice(from).find(match);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No matching status; saw ${JSON.stringify(device.statuses.slice(from))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function until(check: () => boolean, timeoutMs = 10_000): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - start;
}

export function header(id: string, title = 'A session', extra: Partial<SessionHeader> = {}): SessionHeader {
  return { id, title, createdAt: 1, updatedAt: 1, model: 'claude', leafId: null, children: [], ...extra };
}

export function entry(id: string, sessionId: string, parentId: string | null, text = id): SessionEntry {
  return {
    id,
    parentId,
    sessionId,
    timestamp: 1,
    type: 'message',
    message: { role: 'user', content: [{ type: 'text', text }] },
  } as SessionEntry;
}

/** A session of `count` entries in one branch, written on `replica`. */
export function writeSession(replica: MemoryReplica, sessionId: string, count: number): void {
  let parent: string | null = null;
  for (let index = 1; index <= count; index += 1) {
    const id = `${sessionId}-e${index}`;
    replica.putEntry(entry(id, sessionId, parent));
    parent = id;
  }
  replica.putHeader(header(sessionId, `Session ${sessionId}`, { leafId: parent }));
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
