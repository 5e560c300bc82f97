/**
 * What the protocol steps (push.ts, pull.ts, conflicts.ts) share during one run.
 */
import type { LocalReplica } from '../localReplica';
import type { DocCodec } from '../syncContract';
import type { SyncStatus } from '../syncStatus';
import type { CouchClient } from './couchClient';

export interface Tuning {
  /** Local changes read and pushed per step. */
  pushBatch: number;
  /** Documents per `_bulk_docs` request, and its size in characters. */
  maxDocsPerRequest: number;
  maxRequestChars: number;
  /** Changes asked for per `_changes` request. */
  pullBatch: number;
  /** How long a long-poll waits before asking again. */
  longpollMs: number;
  /** How often at most the `_local` checkpoints on the server are written while live. */
  remoteCheckpointMs: number;
  backoffBaseMs: number;
}

export const DEFAULT_TUNING: Tuning = {
  pushBatch: 250,
  maxDocsPerRequest: 500,
  maxRequestChars: 8_000_000,
  pullBatch: 250,
  longpollMs: 25_000,
  remoteCheckpointMs: 30_000,
  backoffBaseMs: 1_000,
};

export interface SyncContext {
  client: CouchClient;
  codec: DocCodec;
  local: LocalReplica;
  deviceId: string;
  signal: AbortSignal;
  tuning: Tuning;
  report(status: SyncStatus): void;
  /** Waits before each batch of a catch-up (ReplicatorOptions.beforeBatch). */
  beforeBatch(): Promise<void>;
  /** Documents from the server skipped as undecryptable or malformed, this run. */
  counters: { skipped: number };
  /** `_bulk_get` answered as missing once: fetch documents one by one from then on. */
  noBulkGet?: boolean;
}

/** Keys of the local bookkeeping, per database (another database starts afresh). */
export function localKey(ctx: SyncContext, name: string): string {
  return `sync:${name}:${ctx.client.url}`;
}

export const sameStamp = (
  a: { device: string; rev: number } | undefined,
  b: { device: string; rev: number },
) => a !== undefined && a.device === b.device && a.rev === b.rev;
