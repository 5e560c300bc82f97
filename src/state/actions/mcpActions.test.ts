// @vitest-environment jsdom
/**
 * MCP servers through the real app (issue 25): the store, the agent session, the SDK
 * against the mock Messages API, and a real MCP server (the official SDK's, Streamable
 * HTTP) on 127.0.0.1. Each test fails if its part of the feature breaks: the call log is
 * the server's own record of what reached it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type McpTestServer, startMcpTestServer } from '../../../e2e/servers/mcpTestServer';
import { type AppHarness, startAppHarness } from '../../../testing/appHarness';
import { type RecordedRequest, sentMessages, textReply, toolUseReply } from '../../../testing/mockModel';
import { secretsDatabaseFor } from '../../mcp/secretsDatabase';
import { createServerRecords } from '../../mcp/serverRecords';
import type { BatonState } from '../store/store';

const apps: AppHarness[] = [];
const servers: McpTestServer[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const server of servers.splice(0)) await server.close();
});

async function startApp(dbName?: string) {
  const app = await startAppHarness(dbName ? { dbName } : {});
  apps.push(app);
  // Loaded after the app, so they share the app's store and runtime.
  const mcp = await import('./mcpActions');
  const selectors = await import('../slices/mcp/selectors');
  return { app, mcp, selectors };
}

async function startServer(): Promise<McpTestServer> {
  const server = await startMcpTestServer();
  servers.push(server);
  return server;
}

const connected = (s: BatonState) => s.mcpServers[0]?.status.kind === 'connected';
const toolNames = (request: RecordedRequest | undefined) =>
  ((request?.body.tools ?? []) as Array<{ name: string }>).map((tool) => tool.name);
const toolResults = (request: RecordedRequest | undefined) =>
  sentMessages(request)
    .flatMap((message) => message.content)
    .filter((block) => block.type === 'tool_result') as Array<{
    tool_use_id: string;
    content: string;
    is_error?: boolean;
  }>;
const calls = (server: McpTestServer, tool: string, event = 'call') =>
  server.log.entries.filter((entry) => entry.tool === tool && entry.event === event);

/** Sends `text` without waiting for the run (it may wait for a permission) and waits for the card. */
async function sendAndWaitForPermission(app: AppHarness, text: string) {
  app.type(text);
  const sent = app.composer.submitComposer(text);
  const state = await app.until((s) => s.toolPermissions.length === 1, 'a permission card');
  return { sent, request: state.toolPermissions[0]! };
}

describe('MCP servers in the app', () => {
  it('adds a server: connected with its 8 tools, offered to the model as mcp__<server>__<tool>, descriptions wrapped', async () => {
    const server = await startServer();
    const { app, mcp, selectors } = await startApp();
    const added = await mcp.addMcpServer({ name: 'test', url: server.url, authorization: 'none' });
    expect(added.ok).toBe(true);
    const view = app.state().mcpServers[0]!;
    expect(selectors.serverSummary(view)).toBe('Connected · 8 tools');
    expect(view.tools.map((tool) => tool.apiName)).toContain('mcp__test__echo');

    app.mock.script(textReply('Hello.'));
    app.type('Hi');
    await app.composer.submitComposer('Hi');
    const request = app.mock.messageRequests()[0];
    expect(toolNames(request)).toEqual(expect.arrayContaining(['mcp__test__echo', 'mcp__test__slow']));
    const echo = ((request?.body.tools ?? []) as Array<{ name: string; description: string }>).find(
      (tool) => tool.name === 'mcp__test__echo',
    );
    expect(echo?.description).toMatch(
      /<mcp-tool-description server="test" tool="echo">\n[\s\S]+\n<\/mcp-tool-description>$/,
    );
  });

  it('a call waits for permission with nothing sent to the server; Allow once runs it and the result reaches the next request', async () => {
    const server = await startServer();
    const { app, mcp } = await startApp();
    await mcp.addMcpServer({ name: 'test', url: server.url, authorization: 'none' });
    app.mock.script(toolUseReply('toolu_1', 'mcp__test__echo', { text: 'ping' }), textReply('Done.'));

    const { sent, request } = await sendAndWaitForPermission(app, 'Echo ping');
    expect(request).toMatchObject({
      callId: 'toolu_1',
      serverName: 'test',
      tool: 'echo',
      input: { text: 'ping' },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls(server, 'echo')).toHaveLength(0);
    expect(app.mock.messageRequests()).toHaveLength(1);

    expect(await mcp.answerToolPermission('toolu_1', 'allow_once')).toEqual({ ok: true, id: 'toolu_1' });
    await sent;
    expect(calls(server, 'echo')).toHaveLength(1);
    expect(app.state().toolPermissions).toEqual([]);
    const [result] = toolResults(app.mock.messageRequests()[1]);
    expect(result?.tool_use_id).toBe('toolu_1');
    expect(result?.is_error).toBeUndefined();
    expect(result?.content).toBe('<mcp-tool-result server="test" tool="echo">\nping\n</mcp-tool-result>');
    // Allow once is once: the next call asks again.
    expect(app.state().mcpServers[0]?.tools.find((tool) => tool.name === 'echo')?.alwaysAllowed).toBe(false);
  });

  it('Deny answers the model with an error result saying the user declined, runs nothing, and the chat goes on', async () => {
    const server = await startServer();
    const { app, mcp } = await startApp();
    await mcp.addMcpServer({ name: 'test', url: server.url, authorization: 'none' });
    app.mock.script(toolUseReply('toolu_2', 'mcp__test__echo', { text: 'secret' }), textReply('Understood.'));

    const { sent } = await sendAndWaitForPermission(app, 'Echo it');
    await mcp.answerToolPermission('toolu_2', 'deny');
    await sent;
    expect(calls(server, 'echo')).toHaveLength(0);
    const [result] = toolResults(app.mock.messageRequests()[1]);
    expect(result).toMatchObject({ tool_use_id: 'toolu_2', is_error: true });
    expect(result?.content).toContain('The user declined to run it');
    expect(app.state().isStreaming).toBe(false);
    expect(app.state().entries.at(-1)).toMatchObject({ message: { role: 'assistant' } });
  });

  it('Always allow is stored with the server and outlives a restart of the app: the next call runs without asking', async () => {
    const server = await startServer();
    const first = await startApp();
    await first.mcp.addMcpServer({ name: 'test', url: server.url, authorization: 'none' });
    first.app.mock.script(toolUseReply('toolu_3', 'mcp__test__echo', { text: 'one' }), textReply('One.'));
    const { sent } = await sendAndWaitForPermission(first.app, 'Echo one');
    await first.mcp.answerToolPermission('toolu_3', 'always_allow');
    await sent;
    expect(calls(server, 'echo')).toHaveLength(1);
    const dbName = first.app.dbName;
    await apps.splice(0, 1)[0]!.close();

    const second = await startApp(dbName);
    await second.app.until(connected, 'the stored server connected again');
    expect(second.app.state().mcpServers[0]?.tools.find((tool) => tool.name === 'echo')?.alwaysAllowed).toBe(
      true,
    );
    second.app.mock.script(toolUseReply('toolu_4', 'mcp__test__echo', { text: 'two' }), textReply('Two.'));
    second.app.type('Echo two');
    await second.app.composer.submitComposer('Echo two');
    expect(second.app.state().toolPermissions).toEqual([]);
    expect(calls(server, 'echo').map((entry) => entry.args)).toEqual([{ text: 'one' }, { text: 'two' }]);
    // The restored session may hold the first call's result too: this call's is the last.
    expect(toolResults(second.app.mock.messageRequests()[1]).at(-1)?.content).toContain('\ntwo\n');

    // Revoked, the next call asks again.
    expect((await second.mcp.revokeAlwaysAllow(second.app.state().mcpServers[0]!.id, 'echo')).ok).toBe(true);
    second.app.mock.script(
      toolUseReply('toolu_5', 'mcp__test__echo', { text: 'three' }),
      textReply('Three.'),
    );
    const again = await sendAndWaitForPermission(second.app, 'Echo three');
    await second.mcp.answerToolPermission('toolu_5', 'deny');
    await again.sent;
  });

  it('parallel calls each wait for their own answer side by side; results go back in the order of the calls', async () => {
    const server = await startServer();
    const { app, mcp } = await startApp();
    await mcp.addMcpServer({ name: 'test', url: server.url, authorization: 'none' });
    const both = toolUseReply('toolu_p1', 'mcp__test__echo', { text: 'one' });
    both.reply.blocks.push({
      type: 'tool_use',
      id: 'toolu_p2',
      name: 'mcp__test__echo',
      input: { text: 'two' },
    });
    app.mock.script(both, textReply('Both.'));

    app.type('Echo twice');
    const sent = app.composer.submitComposer('Echo twice');
    const state = await app.until((s) => s.toolPermissions.length === 2, 'two permission cards at once');
    expect(state.toolPermissions.map((request) => request.callId)).toEqual(['toolu_p1', 'toolu_p2']);
    // The second answered first runs only after the first is answered (in order), and nothing ran before.
    await mcp.answerToolPermission('toolu_p2', 'allow_once');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls(server, 'echo')).toHaveLength(0);
    await mcp.answerToolPermission('toolu_p1', 'deny');
    await sent;
    expect(calls(server, 'echo').map((entry) => entry.args)).toEqual([{ text: 'two' }]);
    expect(
      toolResults(app.mock.messageRequests()[1]).map((r) => [r.tool_use_id, r.is_error === true]),
    ).toEqual([
      ['toolu_p1', true],
      ['toolu_p2', false],
    ]);
  });

  it('Esc while a call waits denies it; Esc while the slow tool runs cancels it on the server', async () => {
    const server = await startServer();
    const { app, mcp } = await startApp();
    await mcp.addMcpServer({ name: 'test', url: server.url, authorization: 'none' });

    app.mock.script(toolUseReply('toolu_6', 'mcp__test__slow', {}));
    const waiting = await sendAndWaitForPermission(app, 'Wait');
    expect(app.composer.stop()).toBe(true);
    await waiting.sent;
    await app.until((s) => s.toolPermissions.length === 0, 'the card gone');
    expect(calls(server, 'slow')).toHaveLength(0);

    app.mock.script(toolUseReply('toolu_7', 'mcp__test__slow', {}));
    const running = await sendAndWaitForPermission(app, 'Wait again');
    await mcp.answerToolPermission('toolu_7', 'allow_once');
    await server.log.waitFor((entry) => entry.tool === 'slow' && entry.event === 'call');
    expect(app.state().toolProgress.toolu_7).toMatchObject({ tool: 'slow', serverName: 'test' });
    expect(app.composer.stop()).toBe(true);
    await running.sent;
    await server.log.waitFor((entry) => entry.tool === 'slow' && entry.event === 'aborted');
    expect(app.state().toolProgress).toEqual({});
  });

  it('a server that does not answer gets the sentence suggesting connector mode; bad input gets its sentence', async () => {
    const dead = await startServer();
    const url = dead.url;
    await dead.kill();
    const { app, mcp, selectors } = await startApp();
    expect((await mcp.addMcpServer({ name: 'dead one', url, authorization: 'none' })).ok).toBe(true);
    const summary = selectors.serverSummary(app.state().mcpServers[0]!);
    expect(summary).toContain('Baton could not reach dead one at');
    expect(summary).toContain('(CORS): the server must allow requests');

    expect(
      await mcp.addMcpServer({ name: 'x', url: 'https://user:pw@example.com/mcp', authorization: 'none' }),
    ).toEqual({ ok: false, message: expect.stringContaining('has a user name or password in it') });
    expect(await mcp.addMcpServer({ name: 'dead_one', url, authorization: 'none' })).toEqual({
      ok: false,
      message: expect.stringContaining('gives its tools the same names as those of the server "dead one"'),
    });
    expect(await mcp.addMcpServer({ name: 'dead one', url, authorization: 'none' })).toEqual({
      ok: false,
      message: 'There is already a server named "dead one". Choose another name.',
    });
    expect(await mcp.addMcpServer({ name: 'b', url, authorization: 'bearer' })).toMatchObject({ ok: false });
    expect(app.state().mcpServers).toHaveLength(1);
  });

  it('a tool switched off is not offered; removing the server takes its tools away', async () => {
    const server = await startServer();
    const { app, mcp } = await startApp();
    const added = await mcp.addMcpServer({ name: 'test', url: server.url, authorization: 'none' });
    if (!added.ok) throw new Error(added.message);
    await mcp.setMcpToolEnabled(added.id, 'echo', false);
    expect(app.state().mcpServers[0]?.tools.find((tool) => tool.name === 'echo')?.enabled).toBe(false);

    app.mock.script(textReply('One.'), textReply('Two.'));
    app.type('Hi');
    await app.composer.submitComposer('Hi');
    const offered = toolNames(app.mock.messageRequests()[0]);
    expect(offered).not.toContain('mcp__test__echo');
    expect(offered).toContain('mcp__test__slow');

    await mcp.removeMcpServer(added.id);
    expect(app.state().mcpServers).toEqual([]);
    app.type('Again');
    await app.composer.submitComposer('Again');
    expect(toolNames(app.mock.messageRequests()[1]).filter((name) => name.startsWith('mcp__'))).toEqual([]);
  });

  it('an edit of name and timeout reconnects under the new name, keeps Always allow and tools switched off, outlives a restart, and the timeout holds', async () => {
    const server = await startServer();
    const first = await startApp();
    const added = await first.mcp.addMcpServer({ name: 'test', url: server.url, authorization: 'none' });
    if (!added.ok) throw new Error(added.message);
    await first.mcp.setMcpToolEnabled(added.id, 'progress', false);
    first.app.mock.script(toolUseReply('toolu_e1', 'mcp__test__echo', { text: 'one' }), textReply('One.'));
    const { sent } = await sendAndWaitForPermission(first.app, 'Echo one');
    await first.mcp.answerToolPermission('toolu_e1', 'always_allow');
    await sent;

    expect(await first.mcp.updateMcpServer(added.id, { name: 'renamed', timeoutMs: 1000 })).toEqual({
      ok: true,
      id: added.id,
    });
    const view = first.app.state().mcpServers[0]!;
    expect(view).toMatchObject({
      name: 'renamed',
      timeoutMs: 1000,
      status: { kind: 'connected', toolCount: 8 },
    });
    expect(first.selectors.serverSummary(view)).toBe('Connected · 8 tools');
    const tool = (name: string) => view.tools.find((each) => each.name === name);
    expect(tool('echo')).toMatchObject({ apiName: 'mcp__renamed__echo', alwaysAllowed: true });
    expect(tool('progress')?.enabled).toBe(false);
    const dbName = first.app.dbName;
    await apps.splice(0, 1)[0]!.close();

    const second = await startApp(dbName);
    await second.app.until(connected, 'the edited server connected again');
    expect(second.app.state().mcpServers[0]).toMatchObject({ name: 'renamed', timeoutMs: 1000 });
    // The model gets the tools under the new name only, and a call of slow ends after 1 s with the sentence.
    second.app.mock.script(toolUseReply('toolu_e2', 'mcp__renamed__slow', {}), textReply('Gave up.'));
    const slow = await sendAndWaitForPermission(second.app, 'Be slow');
    expect(toolNames(second.app.mock.messageRequests()[0])).toContain('mcp__renamed__slow');
    expect(toolNames(second.app.mock.messageRequests()[0])).not.toContain('mcp__test__slow');
    await second.mcp.answerToolPermission('toolu_e2', 'allow_once');
    await slow.sent;
    // The restored session holds the first call's result too: this one is the last.
    const result = toolResults(second.app.mock.messageRequests()[1]).at(-1);
    expect(result).toMatchObject({
      tool_use_id: 'toolu_e2',
      is_error: true,
      content:
        '"slow" on renamed did not answer within 1 s, so Baton cancelled the call. The server\'s timeout can be set with Edit in Settings → Tools.',
    });
    await server.log.waitFor((entry) => entry.tool === 'slow' && entry.event === 'aborted');
  });

  it('an edit to another URL drops Always allow (each tool asks again) and keeps tools switched off', async () => {
    const before = await startServer();
    const after = await startServer();
    const { app, mcp } = await startApp();
    const added = await mcp.addMcpServer({ name: 'test', url: before.url, authorization: 'none' });
    if (!added.ok) throw new Error(added.message);
    await mcp.setMcpToolEnabled(added.id, 'slow', false);
    app.mock.script(toolUseReply('toolu_u1', 'mcp__test__echo', { text: 'one' }), textReply('One.'));
    const { sent } = await sendAndWaitForPermission(app, 'Echo one');
    await mcp.answerToolPermission('toolu_u1', 'always_allow');
    await sent;

    expect((await mcp.updateMcpServer(added.id, { url: after.url })).ok).toBe(true);
    const view = app.state().mcpServers[0]!;
    expect(view).toMatchObject({ url: after.url, status: { kind: 'connected' } });
    expect(view.tools.find((tool) => tool.name === 'echo')?.alwaysAllowed).toBe(false);
    expect(view.tools.find((tool) => tool.name === 'slow')?.enabled).toBe(false);
    const stored = createServerRecords(secretsDatabaseFor(app.dbName));
    expect((await stored.list())[0]).toMatchObject({ url: after.url, alwaysAllowed: [] });
    await stored.close();

    // The next call of echo asks first, and runs on the new server.
    app.mock.script(toolUseReply('toolu_u2', 'mcp__test__echo', { text: 'two' }), textReply('Two.'));
    const again = await sendAndWaitForPermission(app, 'Echo two');
    await mcp.answerToolPermission('toolu_u2', 'allow_once');
    await again.sent;
    expect(calls(after, 'echo').map((entry) => entry.args)).toEqual([{ text: 'two' }]);
  });

  it('an edit with Token left blank keeps the stored token; a refused edit changes nothing', async () => {
    const server = await startServer();
    const { app, mcp } = await startApp();
    const added = await mcp.addMcpServer({
      name: 'keyed',
      url: server.url,
      authorization: 'bearer',
      token: 'secret-1',
    });
    if (!added.ok) throw new Error(added.message);
    expect(app.state().mcpServers[0]).toMatchObject({ hasToken: true });
    expect(JSON.stringify(app.state().mcpServers)).not.toContain('secret-1');

    expect(
      (
        await mcp.updateMcpServer(added.id, {
          name: 'keyed',
          url: server.url,
          authorization: 'bearer',
          token: '',
        })
      ).ok,
    ).toBe(true);
    const stored = createServerRecords(secretsDatabaseFor(app.dbName));
    expect((await stored.list())[0]?.token).toBe('secret-1');

    // Each refusal is a sentence, and the server stays as it was.
    expect(await mcp.updateMcpServer(added.id, { timeoutMs: 500 })).toEqual({
      ok: false,
      message: 'The timeout must be between 1 second and 1 hour.',
    });
    expect(await mcp.updateMcpServer(added.id, { name: '' })).toMatchObject({ ok: false });
    expect(await mcp.updateMcpServer(added.id, { url: 'https://elsewhere.example/mcp' })).toEqual({
      ok: false,
      message: expect.stringContaining('so the stored token is not sent there'),
    });
    expect((await stored.list())[0]).toMatchObject({ name: 'keyed', url: server.url, token: 'secret-1' });
    expect(app.state().mcpServers[0]).toMatchObject({ name: 'keyed', status: { kind: 'connected' } });
    await stored.close();
  });

  it("a rename is refused when it takes another server's name or gives its tools the names of another server's tools", async () => {
    const first = await startServer();
    const second = await startServer();
    second.addTool('b__echo');
    const { app, mcp } = await startApp();
    const a = await mcp.addMcpServer({ name: 'a', url: second.url, authorization: 'none' });
    const z = await mcp.addMcpServer({ name: 'z', url: first.url, authorization: 'none' });
    if (!a.ok || !z.ok) throw new Error('not added');
    await app.until(
      (s) => s.mcpServers.every((server) => server.status.kind === 'connected'),
      'both connected',
    );

    expect(await mcp.updateMcpServer(z.id, { name: 'a' })).toEqual({
      ok: false,
      message: 'There is already a server named "a". Choose another name.',
    });
    // Server "a__b" with tool "echo" and server "a" with tool "b__echo" are both mcp__a__b__echo.
    expect(await mcp.updateMcpServer(z.id, { name: 'a__b' })).toEqual({
      ok: false,
      message:
        'With the name "a__b", the tool "echo" of "a__b" and the tool "b__echo" of "a" would both be called "mcp__a__b__echo" for the model. Choose another name.',
    });
    expect(app.state().mcpServers.map((server) => server.name)).toEqual(['a', 'z']);
    expect(app.state().mcpServers[1]?.leftOut).toEqual([]);
    expect((await mcp.updateMcpServer(z.id, { name: 'b' })).ok).toBe(true);
    expect(app.state().mcpServers.map((server) => server.name)).toEqual(['a', 'b']);
  });
});
