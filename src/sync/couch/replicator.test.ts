import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CouchServer, startCouchServer } from '../../../testing/couch/couchServer';
import { comparable, everyKind } from '../../../testing/fixtures/syncRecordFixtures';
import {
  createDevice,
  entry,
  FAST,
  header,
  until,
  waitForStatus,
  writeSession,
} from '../../../testing/sync/syncHarness';
import type { HeaderDoc, SyncRecord } from '../syncRecord';
import { headerDocFromLocal, sessionHeaderOf } from './headerDoc';

let server: CouchServer;
beforeAll(async () => {
  server = await startCouchServer();
}, 60_000);
afterAll(() => server?.close());

async function twoDevices(name: string) {
  await server.createDatabase(name);
  return [await createDevice(server, name, 'dev-a'), await createDevice(server, name, 'dev-b')] as const;
}

/** The server's documents with their leaves (admin view, for assertions). */
async function serverDocs(db: string): Promise<Array<{ id: string; rev: string; conflicts?: string[] }>> {
  const response = await server.adminFetch(`/${db}/_all_docs?include_docs=true&conflicts=true`);
  const body = (await response.json()) as {
    rows: Array<{ id: string; value: { rev: string }; doc: { _conflicts?: string[] } }>;
  };
  return body.rows.map((row) => ({ id: row.id, rev: row.value.rev, conflicts: row.doc._conflicts }));
}

describe('the replicator against a real CouchDB-protocol server', () => {
  it('syncs two devices both ways and says so in its status', async () => {
    const [a, b] = await twoDevices('both-ways');
    writeSession(a.replica, 's1', 3);
    writeSession(b.replica, 's2', 2);
    expect(await a.syncOnce()).toMatchObject({ phase: 'synced', entries: 4, skipped: 0 });
    expect(await b.syncOnce()).toMatchObject({ phase: 'synced', entries: 7 });
    expect(await a.syncOnce()).toMatchObject({ phase: 'synced', entries: 7, devices: 2 });
    for (const device of [a, b]) {
      expect(device.replica.entries('s1').map((e) => e.id)).toEqual(['s1-e1', 's1-e2', 's1-e3']);
      expect(device.replica.entries('s2').map((e) => e.id)).toEqual(['s2-e1', 's2-e2']);
      expect(device.replica.header('s1')?.leafId).toBe('s1-e3');
      expect(device.replica.header('s2')?.title).toBe('Session s2');
    }
    const stored = await (await server.adminFetch('/both-ways/_all_docs?include_docs=true')).text();
    expect(stored).not.toContain('Session s1');
    const docs = (await serverDocs('both-ways')).filter((doc) => doc.id.match(/^[eh]:/));
    expect(docs.map((doc) => doc.id).sort()).toEqual([
      'e:s1-e1',
      'e:s1-e2',
      'e:s1-e3',
      'e:s2-e1',
      'e:s2-e2',
      'h:s1',
      'h:s2',
    ]);
    expect(a.statuses.some((s) => s.phase === 'uploading')).toBe(true);
    expect(b.statuses.some((s) => s.phase === 'downloading')).toBe(true);
  });

  it('carries every kind of record, blobs included, and the server stores no plaintext of them', async () => {
    const [a, b] = await twoDevices('every-kind');
    const secret = 'a planted secret sentence';
    const records = everyKind(secret).filter(
      (record) => !(record.kind === 'header' && record.header.deleted),
    );
    await a.replica.applyRemote(records);
    await a.syncOnce();
    expect(await b.syncOnce()).toMatchObject({ phase: 'synced', skipped: 0 });
    const got = await b.replica.read(
      records.map((record) => ({
        kind: record.kind,
        id: record.id,
        sessionId: 'sessionId' in record ? record.sessionId : undefined,
      })),
    );
    for (const [index, record] of records.entries()) {
      const received = got[index];
      if (record.kind === 'header') {
        expect(received).toMatchObject({ kind: 'header', value: sessionHeaderOf(record.header).value });
      } else {
        expect(await comparable(received as SyncRecord)).toEqual(await comparable(record));
      }
    }
    const stored = await (
      await server.adminFetch('/every-kind/_all_docs?include_docs=true&attachments=true')
    ).text();
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(btoa(`attached: ${secret}`).slice(0, 20));
  });

  it('delivers a new message to a live device within 2 seconds by long-poll', async () => {
    const [a, b] = await twoDevices('live');
    writeSession(a.replica, 's1', 1);
    const runA = a.start();
    const runB = b.start();
    await waitForStatus(a, (s) => s.phase === 'synced');
    await until(() => b.replica.entries('s1').length === 1);
    a.replica.putEntry(entry('s1-e2', 's1', 's1-e1', 'live message'));
    a.replica.putHeader(header('s1', 'Session s1', { leafId: 's1-e2' }));
    runA.nudge();
    const took = await until(
      () => b.replica.entries('s1').length === 2 && b.replica.header('s1')?.leafId === 's1-e2',
      5_000,
    );
    expect(took).toBeLessThan(2_000);
    await runA.stop();
    await runB.stop();
  });

  it('costs one _bulk_docs per new message in steady state, and one _bulk_get per change seen', async () => {
    const [a, b] = await twoDevices('steady');
    writeSession(a.replica, 's1', 2);
    const runA = a.start({ longpollMs: 20_000 });
    const runB = b.start({ longpollMs: 20_000 });
    await waitForStatus(a, (s) => s.phase === 'synced');
    await until(() => b.replica.entries('s1').length === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let message = 3; message <= 5; message += 1) {
      const beforeA = a.requests.length;
      const beforeB = b.requests.length;
      a.replica.putEntry(entry(`s1-e${message}`, 's1', `s1-e${message - 1}`));
      a.replica.putHeader(header('s1', 'Session s1', { leafId: `s1-e${message}` }));
      runA.nudge();
      await until(
        () =>
          b.replica.entries('s1').length === message && b.replica.header('s1')?.leafId === `s1-e${message}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300)); // the echoes reach A's long-poll
      const kinds = (requests: typeof a.requests) => requests.map((r) => r.path.split('?')[0]);
      const sent = kinds(a.requests.slice(beforeA));
      const received = kinds(b.requests.slice(beforeB));
      // The sender: no _revs_diff, no checkpoint write, no fetch of its own echo; only the
      // upload and re-opened long-polls. PouchDB Server wakes a long-poll per document
      // (the entry, then the header), CouchDB once per _bulk_docs.
      expect(sent.filter((kind) => kind !== '_changes')).toEqual(['_bulk_docs']);
      expect(sent.filter((kind) => kind === '_changes').length).toBeLessThanOrEqual(2);
      // The receiver: a fetch per wake-up and the re-opened long-poll.
      expect(received.filter((kind) => kind !== '_changes' && kind !== '_bulk_get')).toEqual([]);
      expect(received.filter((kind) => kind === '_bulk_get').length).toBeLessThanOrEqual(2);
    }
    await runA.stop();
    await runB.stop();
  });

  it('keeps both branches of a session continued on two offline devices, and one header', async () => {
    const [a, b] = await twoDevices('branches');
    writeSession(a.replica, 's1', 2);
    await a.syncOnce();
    await b.syncOnce();
    a.replica.putEntry(entry('a-reply', 's1', 's1-e2'));
    a.replica.putHeader({ ...(a.replica.header('s1') ?? header('s1')), leafId: 'a-reply', pinned: true });
    b.replica.putEntry(entry('b-reply', 's1', 's1-e2'));
    b.replica.putHeader({ ...(b.replica.header('s1') ?? header('s1')), leafId: 'b-reply' });
    await a.syncOnce();
    await b.syncOnce();
    await a.syncOnce();
    for (const device of [a, b]) {
      const ids = device.replica.entries('s1').map((e) => `${e.id}<${e.parentId}`);
      expect(ids).toEqual(['a-reply<s1-e2', 'b-reply<s1-e2', 's1-e1<null', 's1-e2<s1-e1']);
    }
    // The header merged field by field: B's later leaf choice, A's pin.
    expect(a.replica.header('s1')).toEqual(b.replica.header('s1'));
    expect(a.replica.header('s1')).toMatchObject({ leafId: 'b-reply', pinned: true });
    const docs = await serverDocs('branches');
    expect(docs.filter((doc) => doc.conflicts?.length)).toEqual([]);
  });

  it('converges a session renamed on two devices to the later rename, with no conflict left', async () => {
    const [a, b] = await twoDevices('rename');
    writeSession(a.replica, 's1', 1);
    await a.syncOnce();
    await b.syncOnce();
    a.replica.putHeader({ ...(a.replica.header('s1') ?? header('s1')), title: 'From A' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    b.replica.putHeader({ ...(b.replica.header('s1') ?? header('s1')), title: 'From B' });
    // Both push before either pulls: the server holds two leaves of h:s1.
    await a.syncOnce();
    await b.syncOnce();
    await a.syncOnce();
    await b.syncOnce();
    expect(a.replica.header('s1')?.title).toBe('From B');
    expect(b.replica.header('s1')?.title).toBe('From B');
    const docs = await serverDocs('rename');
    expect(docs.find((doc) => doc.id === 'h:s1')?.conflicts).toBeUndefined();
  });

  it('keeps a header edit not yet pushed when an edit of that header from another device arrives', async () => {
    const [a, b] = await twoDevices('pending-header');
    writeSession(a.replica, 's1', 1);
    await a.syncOnce();
    const runB = b.start();
    await until(() => b.replica.header('s1') !== undefined);
    // B renames and has not pushed yet (no nudge) when A's pin arrives by long-poll.
    b.replica.putHeader({ ...(b.replica.header('s1') ?? header('s1')), title: 'Renamed on B' });
    a.replica.putHeader({ ...(a.replica.header('s1') ?? header('s1')), pinned: true });
    await a.syncOnce();
    await until(() => b.replica.header('s1')?.pinned === true);
    expect(b.replica.header('s1')?.title).toBe('Renamed on B');
    await runB.stop();
    await a.syncOnce();
    expect(a.replica.header('s1')).toMatchObject({ title: 'Renamed on B', pinned: true });
  });

  it('resolves a conflict on two devices at once into the same revisions: one leaf left', async () => {
    const [a, b] = await twoDevices('same-merge');
    writeSession(a.replica, 's1', 1);
    await a.syncOnce();
    await b.syncOnce();
    // Two leaves of h:s1 on the server, as two devices that pushed while apart leave them.
    const [meta] = [...(await a.replica.getMeta(['h:s1'])).values()];
    const base = meta?.header as HeaderDoc;
    const leaf = (title: string, device: string, rev: number) =>
      a.codec.encode(
        {
          kind: 'header',
          id: 's1',
          sessionId: 's1',
          header: headerDocFromLocal({ ...sessionHeaderOf(base).value, title }, { device, rev }, base),
        },
        meta?.rev,
      );
    const leaves = [
      await leaf('Left', 'dev-x', Date.now() * 1000),
      await leaf('Right', 'dev-y', Date.now() * 1000 + 1),
    ];
    await server.adminFetch('/same-merge/_bulk_docs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ docs: leaves, new_edits: false }),
    });
    const from = [a.requests.length, b.requests.length] as const;
    await Promise.all([a.syncOnce(), b.syncOnce()]);
    // Both resolved it (each sent the merge and a tombstone), and the server still holds one leaf.
    expect(a.requests.slice(from[0]).filter((r) => r.path === '_bulk_docs')).toHaveLength(1);
    expect(b.requests.slice(from[1]).filter((r) => r.path === '_bulk_docs')).toHaveLength(1);
    const leavesNow = (await (
      await server.adminFetch('/same-merge/h:s1?open_revs=all', { headers: { accept: 'application/json' } })
    ).json()) as Array<{ ok: { _deleted?: boolean } }>;
    expect(leavesNow.filter((item) => !item.ok._deleted)).toHaveLength(1);
    expect(a.replica.header('s1')?.title).toBe('Right');
    expect(b.replica.header('s1')?.title).toBe('Right');
    const revOf = async (device: typeof a) => [...(await device.replica.getMeta(['h:s1'])).values()][0]?.rev;
    expect(await revOf(a)).toBe(await revOf(b));
  });

  it('deletes a session everywhere even when another device appended to it later (deletion wins)', async () => {
    const [a, b] = await twoDevices('delete-append');
    writeSession(a.replica, 's1', 2);
    await a.syncOnce();
    await b.syncOnce();
    a.replica.deleteSession('s1');
    await new Promise((resolve) => setTimeout(resolve, 5));
    // B appends after A deleted: a later stamp, yet deletion is sticky (docs/sync.md says so).
    b.replica.putEntry(entry('late', 's1', 's1-e2'));
    b.replica.putHeader({ ...(b.replica.header('s1') ?? header('s1')), leafId: 'late', title: 'Renamed' });
    await a.syncOnce();
    await b.syncOnce();
    await a.syncOnce();
    for (const device of [a, b]) {
      expect(device.replica.header('s1')).toBeUndefined();
      expect(device.replica.entries('s1')).toEqual([]);
    }
  });

  it('sends everything again to a database that was recreated on the server', async () => {
    const [a] = await twoDevices('recreated');
    writeSession(a.replica, 's1', 3);
    await a.syncOnce();
    expect((await server.adminFetch('/recreated', { method: 'DELETE' })).ok).toBe(true);
    await server.createDatabase('recreated');
    expect(await a.syncOnce()).toMatchObject({ phase: 'synced' });
    const docs = (await serverDocs('recreated')).filter((doc) => /^[eh]:/.test(doc.id));
    expect(docs.map((doc) => doc.id).sort()).toEqual(['e:s1-e1', 'e:s1-e2', 'e:s1-e3', 'h:s1']);
  });

  it('resumes a push cut off mid-batch without sending anything twice', async () => {
    const [a] = await twoDevices('resume');
    writeSession(a.replica, 's1', 30);
    const tuning = { pushBatch: 10, maxDocsPerRequest: 5, backoffBaseMs: 20, longpollMs: 1_500 };
    const controller = { stop: undefined as undefined | (() => Promise<void>) };
    let bulkCalls = 0;
    a.fault = (request) => {
      if (request.path !== '_bulk_docs') return undefined;
      bulkCalls += 1;
      if (bulkCalls === 4) {
        // The tab closes while the fourth batch is on its way: the run stops, the request fails.
        void controller.stop?.();
        throw new TypeError('network connection lost');
      }
      return undefined;
    };
    const first = a.start(tuning);
    controller.stop = first.stop;
    await first.done;
    const sentFirst = a.requests.filter((r) => r.path === '_bulk_docs').slice(0, 3);
    expect(sentFirst.flatMap((r) => (r.body as { docs: unknown[] }).docs)).toHaveLength(15);
    a.fault = undefined;
    const from = a.requests.length;
    expect(await a.syncOnce(tuning)).toMatchObject({ phase: 'synced' });
    const resent = a.requests
      .slice(from)
      .filter((r) => r.path === '_bulk_docs')
      .flatMap((r) => (r.body as { docs: Array<{ _id: string }> }).docs.map((doc) => doc._id));
    // 16 of the 31 documents were not on the server yet; none of the 15 landed is sent again.
    expect(resent).toHaveLength(16);
    expect(new Set(resent).size).toBe(16);
    const docs = (await serverDocs('resume')).filter((doc) => /^[eh]:/.test(doc.id));
    expect(docs).toHaveLength(31);
    expect(docs.every((doc) => doc.rev.startsWith('1-') && !doc.conflicts)).toBe(true);
  });

  it('asks before each batch of a catch-up, both ways, and sends nothing while held; never while live', async () => {
    const [a, b] = await twoDevices('paced');
    writeSession(a.replica, 's1', 9);
    const tuning = { ...FAST, pushBatch: 4, pullBatch: 4 };
    // B first: its catch-up pulls what A pushed, in pages of four.
    await a.syncOnce(tuning);
    let release: () => void = () => {};
    let asked = 0;
    const held = () => {
      asked += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    const runB = b.start(tuning, held);
    await until(() => asked === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Held before its first page: B has asked the server for no change yet.
    expect(b.requests.filter((r) => r.path.startsWith('_changes'))).toEqual([]);
    // Released one batch at a time: the database's thirteen documents (its metadata, two
    // devices, nine entries, the header) come in pages of 4, 4, 4 and 1, each asked for.
    for (let page = 1; page <= 3; page += 1) {
      release();
      await until(() => asked === page + 1);
    }
    release();
    await waitForStatus(b, (s) => s.phase === 'synced');
    expect(asked).toBe(4);
    expect(b.replica.entries('s1')).toHaveLength(9);
    // Live: a new message on A arrives at B with no further ask.
    const fromA = a.statuses.length;
    const runA = a.start(tuning);
    await waitForStatus(a, (s) => s.phase === 'synced', fromA);
    a.replica.putEntry(entry('s1-e10', 's1', 's1-e9', 'live message'));
    runA.nudge();
    await until(() => b.replica.entries('s1').length === 10, 5_000);
    expect(asked).toBe(4);
    await runA.stop();
    await runB.stop();
  });

  it('asks before each pushed batch of a catch-up', async () => {
    const [a] = await twoDevices('paced-push');
    writeSession(a.replica, 's1', 9);
    const bulkBefore: number[] = [];
    const run = a.start({ ...FAST, pushBatch: 4 }, async () => {
      bulkBefore.push(a.requests.filter((r) => r.path === '_bulk_docs').length);
    });
    await waitForStatus(a, (s) => s.phase === 'synced');
    await run.stop();
    // Three push batches (4 + 4 + 2 documents), each asked before its _bulk_docs; then the pull.
    expect(bulkBefore.slice(0, 3)).toEqual([0, 1, 2]);
    expect(a.requests.filter((r) => r.path === '_bulk_docs')).toHaveLength(3);
  });
});
