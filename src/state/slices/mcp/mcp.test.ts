import { beforeEach, describe, expect, it } from 'vitest';
import { checkServerInput } from '../../mcp/serverInput';
import { batonStore, resetBatonStore } from '../../store/store';
import { clearToolProgress, putServerView, removeServerView, setToolProgress } from './actions';
import { initialMcpState, type McpServerView } from './initialState';
import { selectMcpServers, selectOfferedToolNames, serverSummary } from './selectors';

const view = (id: string, extra: Partial<McpServerView> = {}): McpServerView => ({
  id,
  name: id,
  url: 'http://127.0.0.1:1/mcp',
  authorization: 'none',
  hasToken: false,
  connector: false,
  timeoutMs: 60_000,
  status: { kind: 'connecting' },
  tools: [],
  leftOut: [],
  ...extra,
});

beforeEach(() => resetBatonStore());

describe('mcp slice', () => {
  it('starts empty', () => {
    expect(initialMcpState).toEqual({ mcpServers: [], toolPermissions: [], toolProgress: {} });
  });

  it('puts a server view in place, keeps the order, removes it', () => {
    putServerView(view('a'));
    putServerView(view('b'));
    putServerView(view('a', { status: { kind: 'connected', toolCount: 2 } }));
    expect(selectMcpServers(batonStore.getState()).map((s) => [s.id, s.status.kind])).toEqual([
      ['a', 'connected'],
      ['b', 'connecting'],
    ]);
    removeServerView('a');
    expect(batonStore.getState().mcpServers.map((s) => s.id)).toEqual(['b']);
  });

  it('summarises a row: Connected · N tools, the error sentence, the sign-in sentence', () => {
    expect(serverSummary({ status: { kind: 'connected', toolCount: 8 } })).toBe('Connected · 8 tools');
    expect(serverSummary({ status: { kind: 'connected', toolCount: 1 } })).toBe('Connected · 1 tool');
    expect(serverSummary({ status: { kind: 'error', message: 'It died.' } })).toBe('It died.');
    expect(serverSummary({ status: { kind: 'sign_in', message: 'Sign in again.' } })).toBe('Sign in again.');
    expect(serverSummary({ status: { kind: 'connecting' } })).toBe('Connecting…');
  });

  it('offers only enabled, mapped tools of connected servers', () => {
    const tool = (name: string, enabled: boolean, apiName?: string) => ({
      name,
      description: '',
      enabled,
      alwaysAllowed: false,
      ...(apiName && { apiName }),
    });
    putServerView(
      view('a', {
        status: { kind: 'connected', toolCount: 3 },
        tools: [tool('echo', true, 'mcp__a__echo'), tool('off', false, 'mcp__a__off'), tool('bad', true)],
      }),
    );
    putServerView(view('b', { tools: [tool('echo', true, 'mcp__b__echo')] }));
    expect(selectOfferedToolNames(batonStore.getState())).toEqual(['mcp__a__echo']);
  });

  it('keeps progress per call and clears it', () => {
    setToolProgress({ callId: 'c1', serverName: 's', tool: 'slow', startedAt: 0, progress: 1, total: 3 });
    expect(batonStore.getState().toolProgress.c1).toMatchObject({ progress: 1, total: 3 });
    clearToolProgress('c1');
    clearToolProgress('c1');
    expect(batonStore.getState().toolProgress).toEqual({});
  });
});

describe('server input', () => {
  it('takes a good server and trims it', () => {
    expect(
      checkServerInput(
        { name: ' Docs ', url: 'https://example.com/mcp', authorization: 'bearer', token: ' t ' },
        [],
      ),
    ).toEqual({
      ok: true,
      fields: { name: 'Docs', url: 'https://example.com/mcp', authorization: 'bearer', token: 't' },
    });
  });

  it('refuses each bad input with its sentence', () => {
    const bad = (input: Parameters<typeof checkServerInput>[0], others = [{ name: 'my server' }]) => {
      const checked = checkServerInput(input, others);
      return checked.ok ? 'accepted' : checked.message;
    };
    const url = 'https://example.com/mcp';
    expect(bad({ name: '', url, authorization: 'none' })).toContain('Give the server a name');
    expect(bad({ name: 'my_server', url, authorization: 'none' })).toContain(
      'same names as those of the server "my server"',
    );
    expect(bad({ name: 'x', url: 'https://a:b@example.com/', authorization: 'none' })).toContain(
      'user name or password',
    );
    expect(bad({ name: 'x', url: 'http://example.com/mcp', authorization: 'none' })).toContain('Plain http');
    expect(bad({ name: 'x', url, authorization: 'bearer' })).toContain('Paste the token');
    expect(bad({ name: 'x', url, authorization: 'none', timeoutMs: 10 })).toContain(
      'between 1 second and 1 hour',
    );
  });
});
