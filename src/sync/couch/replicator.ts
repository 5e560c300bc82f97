/**
 * The replicator (issue 28): both directions of the CouchDB replication protocol between
 * this device's store (a LocalReplica) and the user's database. A run is: catch up (push
 * everything after the push checkpoint, pull everything after the pull checkpoint), say
 * "synced", then live: a long-poll on `_changes` stays open and pulls what arrives, and
 * a nudge pushes local changes while it waits. Faults end the run or wait and retry
 * (backoff.ts): a retry cannot fix a wrong password, a refused database or a blocked
 * origin, so those end with their sentence and no further request.
 */
import type { Replicator, ReplicatorOptions } from '../syncContract';
import { SyncError } from '../syncContract';
import type { SyncStatus } from '../syncStatus';
import { backoffDelay, sleep } from './backoff';
import { type Checkpoint, createCheckpoint } from './checkpoints';
import { createCouchClient, isObject } from './couchClient';
import { errorOf, isFinal } from './errorSentences';
import { applyChanges, type ChangesAnswer, requestChanges } from './pull';
import { push } from './push';
import { DEFAULT_TUNING, type SyncContext, type Tuning } from './syncContext';
import { syncedCount } from './syncCount';

/** Retries of a server fault after which the status says so (the retries go on). */
const QUIET_RETRIES = 2;

export function createReplicator(options: ReplicatorOptions, tuning: Partial<Tuning> = {}): Replicator {
  let nudged = false;
  let wake: (() => void) | undefined;

  const waitForNudge = () =>
    new Promise<'nudge'>((resolve) => {
      if (nudged) return resolve('nudge');
      wake = () => resolve('nudge');
    });

  async function runSession(ctx: SyncContext, healthy: () => void): Promise<void> {
    const pushCheckpoint = createCheckpoint(ctx, 'push');
    const pullCheckpoint = createCheckpoint(ctx, 'pull');
    let devices = await countDevices(ctx);
    nudged = false;
    await push(ctx, pushCheckpoint, false);
    let since: unknown = (await pullCheckpoint.load()) ?? 0;
    for (;;) {
      await ctx.beforeBatch();
      const answer = await requestChanges(ctx, since, false);
      if (answer.rows.length > 0) {
        const done = answer.rows.length;
        ctx.report({ phase: 'downloading', done, total: done + (answer.pending ?? 0) });
      }
      const page = await applyChanges(ctx, answer);
      if (page.devicesChanged) devices = await countDevices(ctx);
      since = answer.lastSeq;
      await pullCheckpoint.save(since, answer.rows.length < ctx.tuning.pullBatch);
      if (answer.rows.length + answer.malformed < ctx.tuning.pullBatch) break;
    }
    healthy();
    await reportSynced(ctx, devices);

    // Live: one long-poll stays open across pushes, so a push costs no new poll. It is
    // ended with the session, so a session that failed leaves no request behind.
    const ended = new AbortController();
    const pollCtx = { ...ctx, signal: AbortSignal.any([ctx.signal, ended.signal]) };
    try {
      await live(ctx, pollCtx, since, devices, pushCheckpoint, pullCheckpoint);
    } finally {
      ended.abort();
    }
  }

  async function live(
    ctx: SyncContext,
    pollCtx: SyncContext,
    from: unknown,
    knownDevices: number,
    pushCheckpoint: Checkpoint,
    pullCheckpoint: Checkpoint,
  ): Promise<void> {
    let since = from;
    let devices = knownDevices;
    let poll = settle(requestChanges(pollCtx, since, true));
    while (!ctx.signal.aborted) {
      const event = await Promise.race([poll, waitForNudge()]);
      if (ctx.signal.aborted) return;
      if (event === 'nudge') {
        nudged = false;
        const { sent } = await push(ctx, pushCheckpoint, true);
        if (sent > 0) await reportSynced(ctx, devices);
        continue;
      }
      if (!event.ok) throw event.error;
      const answer = event.value;
      const page = await applyChanges(ctx, answer);
      if (page.devicesChanged) devices = await countDevices(ctx);
      since = answer.lastSeq;
      await pullCheckpoint.save(since);
      if (answer.rows.length > 0) await reportSynced(ctx, devices);
      poll = settle(requestChanges(pollCtx, since, true));
    }
  }

  return {
    nudge() {
      nudged = true;
      wake?.();
    },
    async run(signal) {
      const settings = { ...DEFAULT_TUNING, ...tuning };
      const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
      let last: SyncStatus | undefined;
      const report = (status: SyncStatus) => {
        last = status;
        options.onStatus(status);
      };
      const stopped = () => signal.aborted;
      const ctx: SyncContext = {
        client: createCouchClient(options.settings, fetchFn),
        codec: options.codec,
        local: options.local,
        deviceId: await options.local.deviceId(),
        signal,
        tuning: settings,
        report,
        beforeBatch: () => options.beforeBatch?.(signal) ?? Promise.resolve(),
        counters: { skipped: 0 },
      };
      // Wakes the live loop when stopped, so it does not wait for a nudge that never comes.
      signal.addEventListener('abort', () => wake?.(), { once: true });
      let attempt = 0;
      report({ phase: 'checking' });
      while (!stopped()) {
        try {
          await runSession(ctx, () => {
            attempt = 0;
          });
          return;
        } catch (error) {
          if (stopped()) return;
          const fault = asSyncError(error);
          if (isFinal(fault.kind)) {
            report({ phase: 'error', kind: fault.kind, message: fault.message });
            return;
          }
          attempt += 1;
          const delay = backoffDelay(attempt, Math.random, settings.backoffBaseMs);
          if (fault.kind === 'unreachable' || attempt <= QUIET_RETRIES)
            report({ phase: 'offline', retryAt: Date.now() + delay });
          else if (last?.phase !== 'error' || last.message !== fault.message)
            report({ phase: 'error', kind: fault.kind, message: fault.message });
          await sleep(delay, signal);
        }
      }
    },
  };
}

type Settled = { ok: true; value: ChangesAnswer } | { ok: false; error: unknown };

/** A promise that never rejects, so an unawaited long-poll cannot go unhandled. */
function settle(promise: Promise<ChangesAnswer>): Promise<Settled> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

async function reportSynced(ctx: SyncContext, devices: number): Promise<void> {
  ctx.report({
    phase: 'synced',
    at: Date.now(),
    entries: await syncedCount(ctx),
    devices,
    skipped: ctx.counters.skipped,
  });
}

/** The devices that sync with this database: its `d:` documents. */
async function countDevices(ctx: SyncContext): Promise<number> {
  const range = `startkey=${encodeURIComponent('"d:"')}&endkey=${encodeURIComponent('"d:\ufff0"')}`;
  const { body } = await ctx.client.request('GET', `_all_docs?${range}`, { signal: ctx.signal });
  return isObject(body) && Array.isArray(body.rows) ? body.rows.length : 0;
}

/** Any failure as a SyncError: the device's quota, or a fault of ours said as a server one. */
function asSyncError(error: unknown): SyncError {
  if (error instanceof SyncError) return error;
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return errorOf('quota-device');
  const detail = error instanceof Error ? error.message : String(error);
  return new SyncError('bad-server', `Sync stopped on something it could not handle (${detail}).`);
}
