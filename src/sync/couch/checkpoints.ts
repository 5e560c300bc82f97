/**
 * Replication checkpoints (issue 28), kept on both sides as the protocol has it: in this
 * device's bookkeeping (local.putValue), which a run resumes from, and in a `_local`
 * document on the server (`_local/baton-push-<device>`, `_local/baton-pull-<device>`),
 * which is never replicated. A local checkpoint the server does not also know means the
 * server's database is not the one it was made against (recreated, restored): the run
 * starts from the beginning, which is safe because every step is idempotent.
 */
import { isObject } from './couchClient';
import { localKey, type SyncContext } from './syncContext';

export interface Checkpoint {
  /** Where to resume: undefined to start from the beginning. Asks the server once per run. */
  load(): Promise<unknown>;
  /** Keeps `value` locally; on the server too when `remote` or when the last write there is old. */
  save(value: unknown, remote?: boolean): Promise<void>;
}

export function createCheckpoint(ctx: SyncContext, direction: 'push' | 'pull'): Checkpoint {
  const docPath = `_local/baton-${direction}-${encodeURIComponent(ctx.deviceId)}`;
  const key = localKey(ctx, `${direction}-checkpoint`);
  let remoteRev: string | undefined;
  let remoteValue: unknown;
  let remoteAt = 0;
  let current: unknown;
  let loaded = false;

  const readRemote = async () => {
    const { status, body } = await ctx.client.request('GET', docPath, { signal: ctx.signal, accept: [404] });
    if (status === 404 || !isObject(body)) {
      remoteRev = undefined;
      remoteValue = undefined;
      return;
    }
    remoteRev = typeof body._rev === 'string' ? body._rev : undefined;
    remoteValue = body.value;
  };

  const writeRemote = async (value: unknown) => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const body = { value, device: ctx.deviceId, ...(remoteRev && { _rev: remoteRev }) };
      const { status, body: answer } = await ctx.client.request('PUT', docPath, {
        body,
        signal: ctx.signal,
        accept: [409],
      });
      if (status !== 409) {
        remoteRev = isObject(answer) && typeof answer.rev === 'string' ? answer.rev : remoteRev;
        remoteValue = value;
        remoteAt = Date.now();
        return;
      }
      await readRemote(); // another tab of this device wrote it: take its revision
    }
  };

  return {
    async load() {
      if (loaded) return current;
      loaded = true;
      const [local] = await Promise.all([ctx.local.getValue<unknown>(key), readRemote()]);
      current = local !== undefined && remoteValue !== undefined ? local : undefined;
      remoteAt = Date.now(); // just read: not due for a write yet
      return current;
    },
    async save(value, remote = false) {
      current = value;
      await ctx.local.putValue(key, value);
      const due = Date.now() - remoteAt >= ctx.tuning.remoteCheckpointMs;
      if ((remote || due) && JSON.stringify(value) !== JSON.stringify(remoteValue)) await writeRemote(value);
    },
  };
}
