/**
 * "Let the API connect": what the form may store for it, what an edit keeps of it, and
 * the server as each request names it (the token goes to the API, nothing else of the record).
 */
import { describe, expect, it } from 'vitest';
import type { AgentSession } from '../../core/agentSession';
import { ToolRegistry } from '../../core/tools/toolRegistry';
import type { McpServerRecord } from '../../mcp/serverRecords';
import { ConnectorRegistrations, connectorServerOf } from './connectorServers';
import { planServerEdit } from './serverEdit';
import { checkServerInput } from './serverInput';

const record = (extra: Partial<McpServerRecord> = {}): McpServerRecord => ({
  id: 's1',
  name: 'docs',
  url: 'https://docs.example/mcp',
  authorization: 'none',
  enabledTools: {},
  alwaysAllowed: [],
  timeoutMs: 60_000,
  addedAt: 1,
  ...extra,
});

describe('the form with Let the API connect', () => {
  it('stores the mode for an https server, with no token or a bearer token', () => {
    const plain = checkServerInput(
      { name: 'docs', url: 'https://docs.example/mcp', authorization: 'none', connector: true },
      [],
    );
    expect(plain).toMatchObject({ ok: true, fields: { connector: true } });
    const bearer = checkServerInput(
      { name: 'docs', url: 'https://docs.example/mcp', authorization: 'bearer', token: 't', connector: true },
      [],
    );
    expect(bearer).toMatchObject({ ok: true, fields: { connector: true, token: 't' } });
    // Off, the field is not stored at all.
    const off = checkServerInput(
      { name: 'docs', url: 'https://docs.example/mcp', authorization: 'none' },
      [],
    );
    expect(off.ok && 'connector' in off.fields).toBe(false);
  });

  it('refuses a server the API cannot reach (not https) and OAuth, which Baton cannot do for the API', () => {
    expect(
      checkServerInput(
        { name: 'docs', url: 'http://127.0.0.1:9/mcp', authorization: 'none', connector: true },
        [],
      ),
    ).toEqual({
      ok: false,
      message:
        'The API connects only to https:// servers. Use the server’s https address, or let this browser connect.',
    });
    expect(
      checkServerInput(
        { name: 'docs', url: 'https://docs.example/mcp', authorization: 'oauth', connector: true },
        [],
      ),
    ).toMatchObject({ ok: false, message: expect.stringContaining('choose None or Bearer token') });
  });

  it('an edit keeps the mode unless it is switched, and switching it off stores no mode', () => {
    const on = record({ connector: true });
    const kept = planServerEdit(on, { name: 'handbook' }, []);
    expect(kept.ok && kept.record.connector).toBe(true);
    const off = planServerEdit(on, { connector: false }, []);
    expect(off.ok && 'connector' in off.record).toBe(false);
    const switched = planServerEdit(record(), { connector: true }, []);
    expect(switched.ok && switched.record.connector).toBe(true);
  });
});

describe('the server as a request names it', () => {
  it('carries the bearer token and nothing else of the record', () => {
    expect(connectorServerOf(record({ connector: true, authorization: 'bearer', token: 'tok' }))).toEqual({
      name: 'docs',
      url: 'https://docs.example/mcp',
      authorizationToken: 'tok',
    });
    expect(connectorServerOf(record({ connector: true }))).toEqual({
      name: 'docs',
      url: 'https://docs.example/mcp',
    });
  });

  it('registers only the connector servers in each session, replacing the last registration', () => {
    const tools = new ToolRegistry();
    const session = { tools } as unknown as AgentSession; // only its registry is used
    const registrations = new ConnectorRegistrations();
    const browser = record({ id: 'b', name: 'local', url: 'http://127.0.0.1:1/mcp' });
    registrations.sync([session], [record({ connector: true }), browser]);
    expect(tools.connectors().map((server) => server.name)).toEqual(['docs']);
    registrations.sync([session], [record({ connector: true, name: 'handbook' })]);
    expect(tools.connectors().map((server) => server.name)).toEqual(['handbook']);
    registrations.sync([session], [browser]);
    expect(tools.connectors()).toEqual([]);
  });
});
