import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CouchServer, startCouchServer } from '../../../testing/couch/couchServer';
import { json } from '../../../testing/sync/syncHarness';
import { decryptJson, encryptJson } from '../crypto/cipher';
import { SyncError } from '../syncContract';
import { connectToServer } from './connect';
import { createCouchClient } from './couchClient';

let server: CouchServer;
beforeAll(async () => {
  server = await startCouchServer();
}, 60_000);
afterAll(() => server?.close());

const FEW = { iterations: 1_000, minIterations: 1_000 };
const settingsOf = (db: string) => ({ url: server.databaseUrl(db), ...server.admin });

/** A fetch that lets `fault` answer first. */
function through(
  fault: (url: string, init?: RequestInit) => Response | undefined | Promise<Response | undefined>,
): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) =>
    (await fault(String(input), init)) ?? fetch(input, init)) as typeof fetch;
}

async function rejection(promise: Promise<unknown>): Promise<SyncError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SyncError);
  return error as SyncError;
}

describe('connecting to a server', () => {
  it('creates the database and the meta document, and a second device derives the same keys', async () => {
    const a = await connectToServer(
      settingsOf('fresh'),
      'correct horse',
      fetch,
      { id: 'dev-a', name: 'Laptop' },
      FEW,
    );
    expect((await server.adminFetch('/fresh')).status).toBe(200);
    const meta = (await (await server.adminFetch('/fresh/baton-meta')).json()) as {
      kdf: { iterations: number };
    };
    expect(meta.kdf.iterations).toBe(1_000);
    const b = await connectToServer(
      settingsOf('fresh'),
      'correct horse',
      fetch,
      { id: 'dev-b', name: 'Phone' },
      FEW,
    );
    expect(await decryptJson(b, await encryptJson(a, { hello: 1 }))).toEqual({ hello: 1 });
    // Two device documents, whose names the server cannot read.
    const devices = await (await server.adminFetch('/fresh/_all_docs?include_docs=true')).text();
    expect(devices).toContain('"d:dev-a"');
    expect(devices).toContain('"d:dev-b"');
    expect(devices).not.toContain('Laptop');
    expect(devices).not.toContain('Phone');
  });

  it('refuses a wrong passphrase before writing anything of this device', async () => {
    await connectToServer(settingsOf('guarded'), 'the right one', fetch, { id: 'dev-a', name: 'A' }, FEW);
    const error = await rejection(
      connectToServer(settingsOf('guarded'), 'a wrong one', fetch, { id: 'dev-b', name: 'B' }, FEW),
    );
    expect(error.kind).toBe('passphrase');
    expect(error.message).toMatch(/passphrase/);
    expect((await server.adminFetch('/guarded/d:dev-b')).status).toBe(404);
  });

  it('uses the meta document of a device that set the database up at the same moment (409)', async () => {
    await server.createDatabase('race');
    const other = await connectToServer(
      settingsOf('race-other'),
      'shared',
      fetch,
      { id: 'x', name: 'X' },
      FEW,
    );
    const otherMeta = await (await server.adminFetch('/race-other/baton-meta')).json();
    let raced = false;
    const racing = through(async (url, init) => {
      if (!raced && init?.method === 'PUT' && url.endsWith('/race/baton-meta')) {
        raced = true;
        const { _rev: _, ...meta } = otherMeta as Record<string, unknown>;
        await server.adminFetch('/race/baton-meta', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(meta),
        });
        return json(409, { error: 'conflict' });
      }
      return undefined;
    });
    const keys = await connectToServer(settingsOf('race'), 'shared', racing, { id: 'dev-a', name: 'A' }, FEW);
    expect(raced).toBe(true);
    expect(await decryptJson(keys, await encryptJson(other, 'same key'))).toBe('same key');
  });

  it('says the database is missing when this user may not create it', async () => {
    // A real refusal would kill PouchDB Server 4.2.0 (see couchServer.ts): the 403 is simulated.
    const refusing = through((_url, init) =>
      init?.method === 'PUT' ? json(403, { error: 'forbidden' }) : undefined,
    );
    const error = await rejection(
      connectToServer(settingsOf('absent'), 'p', refusing, { id: 'd', name: 'D' }, FEW),
    );
    expect(error.kind).toBe('missing-database');
    expect(error.message).toMatch(/does not exist/);
  });

  it('says a wrong password plainly', async () => {
    await server.createDatabase('locked');
    const settings = { url: server.databaseUrl('locked'), username: 'admin', password: 'wrong' };
    const error = await rejection(connectToServer(settings, 'p', fetch, { id: 'd', name: 'D' }, FEW));
    expect(error.kind).toBe('unauthorized');
  });
});

describe('the CouchDB client', () => {
  const settings = { url: 'https://couch.example.com/baton', username: '', password: '' };

  it('tells a CORS refusal from a server that is down, naming the setting to change', async () => {
    const corsBlocked = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const cors = await rejection(createCouchClient(settings, corsBlocked).request('GET', ''));
    expect(cors.kind).toBe('cors');
    expect(cors.message).toMatch(/enable_cors = true/);
    expect(cors.message).toMatch(/credentials = true/);
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect((await rejection(createCouchClient(settings, down).request('GET', ''))).kind).toBe('unreachable');
  });

  it('sends no Authorization header without a username, and Basic auth with one', async () => {
    const seen: Array<string | undefined> = [];
    const recording = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push((init?.headers as Record<string, string> | undefined)?.authorization);
      return json(200, {});
    }) as typeof fetch;
    await createCouchClient(settings, recording).request('GET', '');
    await createCouchClient({ ...settings, username: 'ann', password: 'pw' }, recording).request('GET', '');
    expect(seen).toEqual([undefined, `Basic ${btoa('ann:pw')}`]);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'missing-database'],
    [413, 'quota-server'],
    [507, 'quota-server'],
    [500, 'server'],
    [503, 'server'],
    [418, 'bad-server'],
  ])('classifies HTTP %i as %s', async (status, kind) => {
    const answering = (async () => json(status, { error: 'x' })) as typeof fetch;
    expect((await rejection(createCouchClient(settings, answering).request('GET', ''))).kind).toBe(kind);
  });

  it('classifies HTML and truncated JSON as not a CouchDB answer', async () => {
    for (const text of ['<!doctype html><p>Login</p>', '{"ok":tr']) {
      const answering = (async () => new Response(text, { status: 200 })) as typeof fetch;
      const error = await rejection(createCouchClient(settings, answering).request('GET', ''));
      expect(error.kind).toBe('bad-server');
    }
  });
});
