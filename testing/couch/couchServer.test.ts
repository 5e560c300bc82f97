import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CouchServer, startCouchServer } from './couchServer';

describe('the CouchDB test server', () => {
  let server: CouchServer;
  beforeAll(async () => {
    server = await startCouchServer();
  }, 60_000);
  afterAll(() => server?.close());

  it('creates a database as the admin and refuses a wrong password', async () => {
    const url = await server.createDatabase('probe');
    expect(url).toBe(`${server.url}/probe`);
    expect((await server.adminFetch('/probe')).status).toBe(200);
    const wrong = await fetch(`${server.url}/probe`, {
      headers: { authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
  });

  it('answers a CORS preflight for an authorised JSON post', async () => {
    const response = await fetch(`${server.url}/probe/_bulk_docs`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });
});
