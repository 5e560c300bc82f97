/**
 * The adapter against real MCP servers (the SDK's own server, e2e/servers) on
 * 127.0.0.1: connecting, listing, calling, progress, cancellation the server sees, and
 * every failure ending in its sentence.
 */
import { describe, expect, it } from 'vitest';
import { type McpTestServer, startMcpTestServer } from '../../e2e/servers/mcpTestServer';
import { NUDGE_TEXT, TINY_PNG_BASE64 } from '../../e2e/servers/testTools';
import { adapterFailure, closeAfterEach } from '../../testing/mcp/adapterTests';
import { connectMcpServer } from './connect';
import { mapCallToolResult } from './mapToolResult';
import type { McpConnection, McpProgress, McpServerConfig } from './types';

const closeLater = closeAfterEach();

async function start(options?: Parameters<typeof startMcpTestServer>[0]): Promise<McpTestServer> {
  return closeLater(await startMcpTestServer(options));
}

const config = (url: string, extra: Partial<McpServerConfig> = {}): McpServerConfig => ({
  id: 'srv-1',
  name: 'Test server',
  url,
  auth: { kind: 'none' },
  ...extra,
});

async function connect(
  url: string,
  extra: Partial<McpServerConfig> = {},
  options = {},
): Promise<McpConnection> {
  return closeLater(await connectMcpServer(config(url, extra), options));
}
/** Calls `slow`, aborts it once the server has it, and checks both sides: a sentence here, an aborted signal there. */
async function expectCancelReachesServer(server: McpTestServer, connection: McpConnection): Promise<void> {
  const controller = new AbortController();
  const call = connection.callTool('slow', {}, { signal: controller.signal });
  await server.log.waitFor((entry) => entry.event === 'call' && entry.tool === 'slow');
  controller.abort(new Error('The user pressed Esc.'));
  const error = await adapterFailure(call);
  expect(error.kind).toBe('cancelled');
  expect(error.message).toBe('The call of "slow" on Test server was cancelled.');
  const aborted = await server.log.waitFor((entry) => entry.event === 'aborted');
  expect(aborted).toMatchObject({ tool: 'slow', detail: 'Error: The user pressed Esc.' });
}

describe('connecting and calling', () => {
  it('connects over Streamable HTTP, lists the tools and calls echo, which the server logs', async () => {
    const server = await start();
    const connection = await connect(server.url);
    expect(connection.transport).toBe('streamable-http');
    expect(connection.serverInfo.name).toBe('baton-test-server');
    expect(connection.tools.tools.map((tool) => tool.name)).toEqual([
      'echo',
      'progress',
      'slow',
      'fail',
      'image',
      'huge',
      'nudge',
      'malformed',
    ]);
    expect(connection.tools.tools[0]?.inputSchema).toMatchObject({ type: 'object', required: ['text'] });

    const result = await connection.callTool('echo', { text: 'hello there' });
    expect(result).toEqual({ content: [{ type: 'text', text: 'hello there' }] });
    expect(server.log.entries.filter((entry) => entry.tool === 'echo').map((entry) => entry.event)).toEqual([
      'call',
      'done',
    ]);
  });

  it('passes each progress notification to the callback, then the answer', async () => {
    const server = await start();
    const connection = await connect(server.url);
    const seen: McpProgress[] = [];
    const result = await connection.callTool(
      'progress',
      { steps: 3 },
      { onProgress: (step) => seen.push(step) },
    );
    expect(seen).toEqual([
      { progress: 1, total: 3, message: 'Step 1 of 3' },
      { progress: 2, total: 3, message: 'Step 2 of 3' },
      { progress: 3, total: 3, message: 'Step 3 of 3' },
    ]);
    expect(result.content).toEqual([{ type: 'text', text: 'Finished 3 steps.' }]);
  });

  it('cancels a call through its signal, and the server sees its own signal abort', async () => {
    const server = await start();
    const connection = await connect(server.url);
    await expectCancelReachesServer(server, connection);
  });

  it('times a silent call out after the server’s timeout, cancels it on the server and says so', async () => {
    const server = await start();
    const connection = await connect(server.url, { callTimeoutMs: 300 });
    const started = Date.now();
    const error = await adapterFailure(connection.callTool('slow', {}));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      '"slow" on Test server did not answer within 0.3 s, so Baton cancelled the call.',
    );
    await server.log.waitFor((entry) => entry.event === 'aborted' && entry.tool === 'slow');
  });

  it('takes a per-call timeout over the server’s', async () => {
    const server = await start();
    const connection = await connect(server.url);
    const error = await adapterFailure(connection.callTool('slow', {}, { timeoutMs: 200 }));
    expect(error.message).toContain('within 0.2 s');
  });

  it('cancels a call that keeps reporting progress past its total limit, on the server too, and says so', async () => {
    const server = await start();
    // Progress every 50 ms keeps resetting the 200 ms wait; the cap is 10 × 200 ms.
    const connection = await connect(server.url, { callTimeoutMs: 200 });
    const started = Date.now();
    const error = await adapterFailure(connection.callTool('progress', { steps: 100, delayMs: 50 }));
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      '"progress" on Test server kept reporting progress but did not finish within 2 s, so Baton cancelled the call.',
    );
    // The server's own signal aborted: it stopped rather than finishing its 100 steps.
    const aborted = await server.log.waitFor(
      (entry) => entry.event === 'aborted' && entry.tool === 'progress',
    );
    expect(aborted.detail).not.toBe('at step 100');
  });

  it('maps an isError result to is_error, an image to an image block, and caps a huge result', async () => {
    const server = await start();
    const connection = await connect(server.url);

    const failed = mapCallToolResult(await connection.callTool('fail', { message: 'Disk full.' }));
    expect(failed).toEqual({ content: [{ type: 'text', text: 'Disk full.' }], isError: true, notes: [] });

    const image = mapCallToolResult(await connection.callTool('image', {}));
    expect(image.content).toEqual([
      { type: 'text', text: 'A red pixel:' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG_BASE64 } },
    ]);

    const bytes = 20 * 1024 * 1024;
    const huge = mapCallToolResult(await connection.callTool('huge', { bytes }));
    const texts = huge.content.map((block) => (block.type === 'text' ? block.text : ''));
    expect(texts[0]).toHaveLength(100_000);
    expect(huge.notes).toEqual([
      'Baton cut this result: the tool returned 20,971,520 characters of text, and only the first 100,000 are kept.',
    ]);
    expect(texts.at(-1)).toBe(`[${huge.notes[0]}]`);
  });

  it('passes on a result that asks for another tool as plain text, calling nothing', async () => {
    const server = await start();
    const connection = await connect(server.url);
    const result = await connection.callTool('nudge', {});
    expect(result.content).toEqual([{ type: 'text', text: NUDGE_TEXT }]);
    expect(server.log.entries.filter((entry) => entry.event === 'call').map((entry) => entry.tool)).toEqual([
      'nudge',
    ]);
  });
});

describe('failures', () => {
  it('says the server closed the connection when it dies in the middle of a call, without waiting for the timeout', async () => {
    const server = await start();
    const connection = await connect(server.url);
    const call = connection.callTool(
      'progress',
      { steps: 100, delayMs: 100 },
      { onProgress: () => undefined },
    );
    await server.log.waitFor((entry) => entry.event === 'progress');
    const killed = Date.now();
    await server.kill();
    const error = await adapterFailure(call);
    expect(Date.now() - killed).toBeLessThan(5_000);
    expect(error.kind).toBe('server_died');
    expect(error.message).toBe(
      'Test server closed the connection before "progress" answered (the server may have stopped or crashed).',
    );
  });

  it('says the server could not be reached when it is gone before a call', async () => {
    const server = await start();
    const connection = await connect(server.url);
    await server.kill();
    const error = await adapterFailure(connection.callTool('echo', { text: 'x' }));
    expect(error.kind).toBe('server_died');
    expect(error.message).toBe(
      'Test server could not be reached during the call of "echo": it may have stopped. Reconnect it in Settings → Tools if this goes on.',
    );
  });

  it('says a server that is not answering cannot be reached, and suggests connector mode', async () => {
    const server = await start();
    await server.close();
    const error = await adapterFailure(connectMcpServer(config(server.url)));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toBe(
      `Baton could not reach Test server at ${server.url}. It is not answering, or it does not accept requests from a web page (CORS): the server must allow requests from this page's address. A public https server that does not can be used with Let the API connect (Edit).`,
    );
  });

  it('says there is no MCP server at a URL that answers 404 to both transports', async () => {
    const server = await start();
    const url = `${server.origin}/nothing-here`;
    const error = await adapterFailure(connectMcpServer(config(url)));
    expect(error.kind).toBe('not_mcp');
    expect(error.message).toBe(
      `There is no MCP server at ${url} (it answered 404). Check the URL: many servers end in /mcp or /sse.`,
    );
  });

  it('says an answer that is not JSON-RPC, or not a tool result, is not valid MCP', async () => {
    const server = await start();
    const connection = await connect(server.url);
    const syntax = await adapterFailure(connection.callTool('malformed', { kind: 'syntax' }));
    expect(syntax.kind).toBe('malformed');
    expect(syntax.message).toMatch(
      /^Test server answered to the call of "malformed" with something that is not valid MCP \(JSON-RPC\): .+/,
    );
    const shape = await adapterFailure(connection.callTool('malformed', { kind: 'shape' }));
    expect(shape.message).toBe(
      'Test server answered to the call of "malformed" with something that is not valid MCP (JSON-RPC): content: Invalid input: expected array, received string',
    );
    // The connection is still good afterwards.
    await expect(connection.callTool('echo', { text: 'still here' })).resolves.toBeDefined();
  });

  it('refuses a URL with credentials in it before sending anything', async () => {
    const server = await start();
    const url = server.url.replace('http://', 'http://user:secret@');
    const error = await adapterFailure(connectMcpServer(config(url)));
    expect(error.kind).toBe('bad_url');
    expect(error.message).toContain('has a user name or password in it');
    expect(server.sessions).toBe(0);
  });

  it('answers a call after close with a sentence', async () => {
    const server = await start();
    const connection = await connect(server.url);
    await connection.close();
    const error = await adapterFailure(connection.callTool('echo', { text: 'x' }));
    expect(error.message).toBe('Test server is not connected. Reconnect it in Settings → Tools.');
  });
});

describe('tool lists', () => {
  it('leaves out tools with invalid schemas or no name, each with its reason, and keeps the good one', async () => {
    const server = await start({ tools: 'invalid' });
    const connection = await connect(server.url);
    expect(connection.tools.tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(connection.tools.leftOut).toEqual([
      {
        name: 'schema_not_object',
        reason:
          '"schema_not_object" is left out: its input schema describes "string", not an object of arguments.',
      },
      {
        name: 'properties_not_object',
        reason: '"properties_not_object" is left out: "properties" is not an object.',
      },
      {
        name: 'required_not_list',
        reason: '"required_not_list" is left out: "required" is not a list of names.',
      },
      {
        name: 'unknown_type',
        reason: '"unknown_type" is left out: its schema names an unknown type "strnig" at properties.text.',
      },
      { name: 'no_schema', reason: '"no_schema" is left out: it has no input schema.' },
      { name: '(entry 7)', reason: 'Entry 7 of the tool list has no name.' },
      { name: '(entry 8)', reason: 'Entry 8 of the tool list has no name.' },
    ]);
    await expect(connection.callTool('echo', { text: 'ok' })).resolves.toEqual({
      content: [{ type: 'text', text: 'ok' }],
    });
  });

  it('takes at most the cap of a server with 500 tools, and says so', async () => {
    const server = await start({ tools: 'many' });
    const connection = await connect(server.url);
    expect(connection.tools.tools).toHaveLength(100);
    expect(connection.tools.capped).toBe(
      'The server offers 508 tools; Baton takes the first 100 and leaves out the other 408, since every tool offered takes room in each request.',
    );
    const wider = await connect(server.url, { maxTools: 600 });
    expect(wider.tools.tools).toHaveLength(508);
    expect(wider.tools.capped).toBeUndefined();
  });

  it('lists the tools again on tools/list_changed and reports the new listing', async () => {
    const server = await start();
    const listings: string[][] = [];
    const connection = await connect(
      server.url,
      {},
      {
        onToolsChanged: (listing: { tools: { name: string }[] }) =>
          listings.push(listing.tools.map((t) => t.name)),
      },
    );
    server.addTool('added_later');
    await expect.poll(() => listings.at(-1)?.includes('added_later')).toBe(true);
    expect(connection.tools.tools.map((tool) => tool.name)).toContain('added_later');
    await expect(connection.callTool('added_later', {})).resolves.toEqual({
      content: [{ type: 'text', text: 'added_later' }],
    });
  });
});

describe('older servers', () => {
  it('falls back to the HTTP+SSE transport when the server refuses the Streamable HTTP POST', async () => {
    const server = await start({ transport: 'sse' });
    const connection = await connect(server.url);
    expect(connection.transport).toBe('sse');
    expect(connection.tools.tools.map((tool) => tool.name)).toContain('echo');
    await expect(connection.callTool('echo', { text: 'over sse' })).resolves.toEqual({
      content: [{ type: 'text', text: 'over sse' }],
    });
    await expectCancelReachesServer(server, connection);
  });
});
