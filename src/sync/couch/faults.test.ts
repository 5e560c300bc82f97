import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CouchServer, startCouchServer } from '../../../testing/couch/couchServer';
import { createDevice, entry, json, waitForStatus, writeSession } from '../../../testing/sync/syncHarness';

let server: CouchServer;
beforeAll(async () => {
  server = await startCouchServer();
}, 60_000);
afterAll(() => server?.close());

const pathOf = (path: string) => path.split('?')[0];

/** Replaces the first `times` requests to `path` with `response`. */
function failFirst(path: string, times: number, response: () => Response) {
  const fault = (request: { path: string }) => {
    if (pathOf(request.path) !== path || fault.hits === times) return undefined;
    fault.hits += 1;
    return response();
  };
  fault.hits = 0;
  return fault;
}

async function pair(name: string) {
  await server.createDatabase(name);
  const a = await createDevice(server, name, 'dev-a');
  const b = await createDevice(server, name, 'dev-b');
  return { a, b };
}

describe('the replicator through server faults', () => {
  it.each([
    ['500 on _bulk_docs', '_bulk_docs', () => json(500, { error: 'internal', reason: 'boom' })],
    ['an HTML page for _changes', '_changes', () => new Response('<html><body>Gateway</body></html>')],
    ['truncated JSON from _revs_diff', '_revs_diff', () => new Response('{"e:s1-e1":{"miss')],
    ['412 on _revs_diff', '_revs_diff', () => json(412, { error: 'precondition_failed' })],
    ['409 on the _local checkpoint', '_local/baton-push-dev-a', () => json(409, { error: 'conflict' })],
  ])('retries after %s with backoff and completes', async (_name, path, response) => {
    const { a, b } = await pair(
      `fault-${path.replace(/[^a-z]/g, '')}-${Math.random().toString(36).slice(2, 7)}`,
    );
    writeSession(a.replica, 's1', 3);
    const onA = failFirst(path, 2, response);
    a.fault = onA;
    b.fault = failFirst(path, 2, response);
    expect(await a.syncOnce()).toMatchObject({ phase: 'synced' });
    expect(onA.hits).toBe(2);
    expect(await b.syncOnce()).toMatchObject({ phase: 'synced' });
    expect(b.replica.entries('s1').map((e) => e.id)).toEqual(['s1-e1', 's1-e2', 's1-e3']);
  });

  it('fetches documents one by one with open_revs from a server without _bulk_get', async () => {
    const { a, b } = await pair('no-bulk-get');
    writeSession(a.replica, 's1', 3);
    await a.syncOnce();
    b.fault = (request) =>
      pathOf(request.path) === '_bulk_get' ? json(404, { error: 'not_found' }) : undefined;
    expect(await b.syncOnce()).toMatchObject({ phase: 'synced', skipped: 0 });
    expect(b.replica.entries('s1')).toHaveLength(3);
    expect(b.requests.filter((r) => r.path.includes('open_revs='))).toHaveLength(4);
    expect(b.requests.filter((r) => pathOf(r.path) === '_bulk_get')).toHaveLength(1);
  });

  it('says the server is offline while it cannot be reached, retrying less and less often', async () => {
    const { a } = await pair('offline');
    writeSession(a.replica, 's1', 1);
    const times: number[] = [];
    a.fault = () => {
      times.push(Date.now());
      throw new TypeError('fetch failed');
    };
    const running = a.start({ backoffBaseMs: 40, longpollMs: 1_500 });
    await new Promise((resolve) => setTimeout(resolve, 900));
    const offline = a.statuses.filter((s) => s.phase === 'offline');
    expect(offline.length).toBeGreaterThanOrEqual(2);
    expect(offline[0]).toMatchObject({ retryAt: expect.any(Number) });
    // Each attempt is the request and the no-cors probe; the gaps between attempts grow.
    const attempts = times.filter((_, index) => index % 2 === 0);
    expect(attempts.length).toBeLessThan(8);
    a.fault = undefined;
    await waitForStatus(a, (s) => s.phase === 'synced', 0, 10_000);
    await running.stop();
  });

  it('halves a batch the server finds too large (413) and sends every document', async () => {
    const { a } = await pair('too-large');
    writeSession(a.replica, 's1', 6);
    a.fault = (request) => {
      const docs = (request.body as { docs?: unknown[] } | undefined)?.docs;
      return pathOf(request.path) === '_bulk_docs' && docs && docs.length > 2 ? json(413, {}) : undefined;
    };
    expect(await a.syncOnce()).toMatchObject({ phase: 'synced' });
    const landed = (await (await server.adminFetch('/too-large/_all_docs')).json()) as {
      rows: Array<{ id: string }>;
    };
    expect(landed.rows.filter((row) => /^[eh]:/.test(row.id))).toHaveLength(7);
  });

  it('stops with the quota sentence when the server refuses even one document', async () => {
    const { a } = await pair('quota-server');
    writeSession(a.replica, 's1', 2);
    a.fault = (request) => (pathOf(request.path) === '_bulk_docs' ? json(413, {}) : undefined);
    const running = a.start();
    await running.done; // ends by itself: a retry cannot make room on the server
    expect(a.statuses.at(-1)).toMatchObject({ phase: 'error', kind: 'quota-server' });
    expect((a.statuses.at(-1) as { message: string }).message).toMatch(/quota or disk is full/);
  });

  it('ends at once on a wrong password, with no retry storm', async () => {
    await server.createDatabase('wrong-password');
    const a = await createDevice(server, 'wrong-password', 'dev-a', { username: 'admin', password: 'nope' });
    writeSession(a.replica, 's1', 2);
    await a.start().done;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.requests).toHaveLength(1);
    expect(a.statuses.at(-1)).toMatchObject({ phase: 'error', kind: 'unauthorized' });
    expect((a.statuses.at(-1) as { message: string }).message).toMatch(/username or password/);
  });

  it('ends at once on 403', async () => {
    const { a } = await pair('forbidden');
    a.fault = () => json(403, { error: 'forbidden', reason: 'no access' });
    await a.start().done;
    expect(a.requests).toHaveLength(1);
    expect(a.statuses.at(-1)).toMatchObject({ phase: 'error', kind: 'forbidden' });
  });

  it('stops when the device is full during a pull, and pulls it all again next time', async () => {
    const { a, b } = await pair('device-full');
    writeSession(a.replica, 's1', 3);
    await a.syncOnce();
    b.replica.failNextApply(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    await b.start().done;
    expect(b.statuses.at(-1)).toMatchObject({ phase: 'error', kind: 'quota-device' });
    expect(b.replica.entries('s1')).toEqual([]);
    expect(await b.syncOnce()).toMatchObject({ phase: 'synced' });
    expect(b.replica.entries('s1')).toHaveLength(3);
  });

  it('skips and counts what a malicious server sends, and overwrites nothing', async () => {
    const { a, b } = await pair('malicious');
    writeSession(a.replica, 's1', 1);
    await a.syncOnce();
    b.replica.putEntry(entry('victim', 's2', null, 'kept on B'));
    // A real encrypted document of A's, moved by the server to another id.
    const genuine = (await (await server.adminFetch('/malicious/e:s1-e1')).json()) as Record<string, unknown>;
    const { _rev: _, ...body } = genuine;
    const bad = [
      { ...body, _id: 'e:victim' },
      { _id: 'e:huge', v: 1, iv: 'AAAAAAAAAAAAAAAA', data: 'A'.repeat(3_000_000) },
      { _id: 'e:types', v: 1, iv: 42, data: ['not', 'base64'] },
      { _id: 'h:s9', v: 1, iv: 'AAAAAAAAAAAAAAAA', data: 'bm90IGVuY3J5cHRlZA==' },
      { _id: 'e:garbage', v: 7, clear: 'hello' },
    ];
    for (const doc of bad) {
      const response = await server.adminFetch(`/malicious/${doc._id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(doc),
      });
      expect(response.ok).toBe(true);
    }
    const status = await b.syncOnce();
    expect(status).toMatchObject({ phase: 'synced', skipped: 5 });
    expect(b.replica.entries('s1').map((e) => e.id)).toEqual(['s1-e1']);
    const victim = b.replica.entries('s2')[0] as { message: { content: Array<{ text: string }> } };
    expect(victim.message.content[0]?.text).toBe('kept on B');
    expect(b.replica.header('s9')).toBeUndefined();
  });
});
