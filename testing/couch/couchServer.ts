/**
 * A real CouchDB-protocol server for tests (issue 28): PouchDB Server from npm, in
 * memory, on a free port of 127.0.0.1, with an admin user. Unit suites (Node) and the
 * end-to-end harness start one each and close it at the end.
 *
 * With BATON_COUCH_URL set (say `http://admin:secret@127.0.0.1:5984`), the same tests
 * run against that server instead (an Apache CouchDB with CORS enabled); nothing is
 * started and close() leaves it running.
 *
 * Known quirk of pouchdb-server 4.2.0: a PUT of a new database by anyone but an admin
 * kills the server process (`db.info is not a function`). Tests create databases as the
 * admin, or expect the server to be gone afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CouchServer {
  /** The server's root URL without credentials, ending without a slash. */
  url: string;
  admin: { username: string; password: string };
  /** A database URL under this server (not created). */
  databaseUrl(name: string): string;
  /** Creates a database as the admin; resolves with its URL. */
  createDatabase(name: string): Promise<string>;
  /** Fetch as the admin (Basic auth), for assertions on what the server stores. */
  adminFetch(path: string, init?: RequestInit): Promise<Response>;
  /** Creates a non-admin user (in `_users`) that may read and write every database. */
  createUser(username: string, password: string): Promise<void>;
  close(): Promise<void>;
}

const ADMIN = { username: 'admin', password: 'admin-secret' };

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`pouchdb-server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/`);
      if (response.ok) return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `The CouchDB test server at ${url} did not answer in ${timeoutMs} ms: ${String(lastError)}`,
  );
}

function serverApi(
  url: string,
  admin: { username: string; password: string },
  stop: () => Promise<void>,
): CouchServer {
  const adminFetch = (path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, {
      ...init,
      headers: { authorization: basic(admin.username, admin.password), ...(init.headers ?? {}) },
    });
  return {
    url,
    admin,
    databaseUrl: (name) => `${url}/${encodeURIComponent(name)}`,
    async createDatabase(name) {
      const response = await adminFetch(`/${encodeURIComponent(name)}`, { method: 'PUT' });
      if (!response.ok && response.status !== 412) {
        throw new Error(
          `Could not create test database ${name}: ${response.status} ${await response.text()}`,
        );
      }
      return `${url}/${encodeURIComponent(name)}`;
    },
    adminFetch,
    async createUser(username, password) {
      const response = await adminFetch(`/_users/org.couchdb.user:${encodeURIComponent(username)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: username, password, roles: [], type: 'user' }),
      });
      if (!response.ok) throw new Error(`Could not create test user ${username}: ${response.status}`);
    },
    close: stop,
  };
}

/** The server given by BATON_COUCH_URL, or a new PouchDB Server. */
export async function startCouchServer(): Promise<CouchServer> {
  const given = process.env.BATON_COUCH_URL;
  if (given) {
    const parsed = new URL(given);
    const admin = {
      username: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
    };
    parsed.username = '';
    parsed.password = '';
    const url = parsed.toString().replace(/\/$/, '');
    await waitForServer(url, undefined, 5_000);
    return serverApi(url, admin, async () => {});
  }

  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'baton-couch-'));
  const bin = join(process.cwd(), 'node_modules', '.bin', 'pouchdb-server');
  const child = spawn(
    bin,
    ['--in-memory', '--port', String(port), '--host', '127.0.0.1', '--config', join(dir, 'config.json')],
    // Its log.txt and config go to the temporary folder, not the checkout.
    { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForServer(url, child, 30_000);
    // Admin party ends here: from now on creating databases and reading _users needs the admin.
    const response = await fetch(`${url}/_config/admins/${ADMIN.username}`, {
      method: 'PUT',
      body: JSON.stringify(ADMIN.password),
    });
    if (!response.ok) throw new Error(`Could not configure the admin: ${response.status}`);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stderr}`);
  }
  return serverApi(url, ADMIN, stop);
}
