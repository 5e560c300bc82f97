// @vitest-environment jsdom
/**
 * An MCP tool call drawn through MessageView as the app does (the renderer table's
 * fallback loads toolCards.tsx, which loads the MCP card): the tool and its server, the
 * status as the store moves (permission card, progress, result), what the one live
 * region says, the statuses read back from stored entries alone, the cut result with
 * Show all, and the server's and the model's words drawn as text.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chain, toolResults, toolUse, assistant as withContent } from '../../../../testing/entryBuilders';
import { testRoot } from '../../../../testing/testRoot';
import { declinedResult } from '../../../core/tools/permission/permissionMachine';
import type { ContentBlock, Message } from '../../../core/types/message';
import { untrustedBlock } from '../../../core/untrusted/untrustedBlock';
import type { McpServerView, ToolProgressView } from '../../../state/slices/mcp/initialState';
import { batonStore, initialState } from '../../../state/store/store';
import { MessageView } from '../MessageView';
import { TOOL_STATUS_REGION_ID } from './toolStatusAnnouncer';

const page = testRoot();

beforeEach(() => {
  batonStore.setState(initialState, true);
  document.getElementById(TOOL_STATUS_REGION_ID)?.remove();
});

afterEach(() => {
  vi.useRealTimers();
});

const ECHO = 'mcp__test__echo';

const server: McpServerView = {
  id: 'srv1',
  name: 'test',
  url: 'http://127.0.0.1:1/mcp',
  authorization: 'none',
  hasToken: false,
  connector: false,
  timeoutMs: 60_000,
  status: { kind: 'connected', toolCount: 1 },
  tools: [{ name: 'echo', apiName: ECHO, description: '', enabled: true, alwaysAllowed: false }],
  leftOut: [],
};

const reply = (content: ContentBlock[]): Message => ({ role: 'assistant', content, stopReason: 'tool_use' });

const wrapped = (body: string) => untrustedBlock('mcp-tool-result', { server: 'test', tool: 'echo' }, body);

/** The result the permission gate answers a denied call with. */
const denied = (id: string, decision: 'deny' | 'escape'): ContentBlock => ({
  type: 'tool_result',
  tool_use_id: id,
  content: declinedResult({ tool: 'echo', decision }).content,
  is_error: true,
});

/** The reply as the session holds it, with its results when given; `live` while its turn goes on. */
function show(message: Message, results: ContentBlock[] = [], live = false): void {
  act(() =>
    batonStore.setState({
      isStreaming: live,
      entries: chain([
        withContent(message.content, message.stopReason),
        ...(results.length > 0 ? [toolResults(...results)] : []),
      ]),
    }),
  );
  page.render(<MessageView message={message} />);
}

function card(name: string): Promise<HTMLElement> {
  return vi.waitFor(() => {
    const found = page.container.querySelector<HTMLElement>(`section[aria-label="${name}"]`);
    if (!found) throw new Error(`no ${name} card yet`);
    return found;
  });
}

const statusOf = (element: HTMLElement) => element.querySelector('.mcp-tool-status')?.textContent;
const region = () => document.getElementById(TOOL_STATUS_REGION_ID);
/** What the region says now, line by line. */
const said = () => [...(region()?.querySelectorAll('p') ?? [])].map((line) => line.textContent);
const progress = (extra: Partial<ToolProgressView> = {}): ToolProgressView => ({
  callId: 'c1',
  serverName: 'test',
  tool: 'echo',
  startedAt: Date.now(),
  ...extra,
});

describe('an MCP call live', () => {
  it('waits for permission, runs with progress and seconds, then is done; the region says start and end', async () => {
    act(() => batonStore.setState({ mcpServers: [server] }));
    const message = reply([toolUse('c1', ECHO, { text: 'hi' })]);
    show(message, [], true);
    act(() =>
      batonStore.setState({
        toolPermissions: [{ callId: 'c1', serverId: 'srv1', serverName: 'test', tool: 'echo', input: {} }],
      }),
    );
    const drawn = await card('echo on test');
    expect(statusOf(drawn)).toBe('Waiting for permission');
    expect(drawn.querySelector('code')?.textContent).toBe('echo');
    // One region for the page, there (once the card's effects have run) before anything is said in it.
    await vi.waitFor(() => expect(region()).not.toBeNull());
    expect(document.querySelectorAll(`#${TOOL_STATUS_REGION_ID}`)).toHaveLength(1);
    expect(region()?.getAttribute('role')).toBe('status');
    expect(region()?.textContent).toBe('');

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    act(() => batonStore.setState({ toolPermissions: [], toolProgress: { c1: progress() } }));
    expect(statusOf(drawn)).toBe('Running · 0 s');
    expect(region()?.textContent).toBe('echo on test: Running.');
    act(() => {
      batonStore.setState({
        toolProgress: { c1: progress({ progress: 1, total: 3, message: 'Step 1 of 3' }) },
      });
      vi.advanceTimersByTime(3_000);
    });
    expect(statusOf(drawn)).toBe('Running · 3 s · 1/3 · Step 1 of 3');
    // Progress reports are not announced.
    expect(region()?.textContent).toBe('echo on test: Running.');

    // The run ended (a later moment); its result is written a moment later still.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    act(() => batonStore.setState({ toolProgress: {} }));
    expect(statusOf(drawn)).toBe('Finishing');
    show(message, [{ type: 'tool_result', tool_use_id: 'c1', content: wrapped('hi') }], true);
    expect(statusOf(drawn)).toBe('Done');
    expect(said()).toEqual(['echo on test: Done.']);
    expect(document.querySelectorAll(`#${TOOL_STATUS_REGION_ID}`)).toHaveLength(1);
    // Collapsed to its line; the details hold the arguments and what the server said.
    const details = drawn.querySelector('details');
    expect(details?.open).toBe(false);
    expect([...(details?.querySelectorAll('pre') ?? [])].map((pre) => pre.textContent)).toEqual([
      '{\n  "text": "hi"\n}',
      'hi',
    ]);
  });

  it('counts seconds from when the call started, so a card drawn again does not start over', async () => {
    act(() =>
      batonStore.setState({
        mcpServers: [server],
        toolProgress: { c1: progress({ startedAt: Date.now() - 7_000 }) },
      }),
    );
    show(reply([toolUse('c1', ECHO, { text: 'hi' })]), [], true);
    const drawn = await card('echo on test');
    expect(statusOf(drawn)).toBe('Running · 7 s');
  });

  it('waits for the reply’s other calls once answered, and says Denied when the result comes', async () => {
    const message = reply([toolUse('c1', ECHO, { text: 'a' }), toolUse('c2', 'mcp__test__fail', {})]);
    show(message, [], true);
    const request = { callId: 'c1', serverId: 'srv1', serverName: 'test', tool: 'echo', input: {} };
    act(() => batonStore.setState({ toolPermissions: [request] }));
    await vi.waitFor(() => expect(page.container.querySelectorAll('.mcp-tool-card')).toHaveLength(2));
    const first = page.container.querySelectorAll<HTMLElement>('.mcp-tool-card')[0] as HTMLElement;
    expect(statusOf(first)).toBe('Waiting for permission');
    act(() => batonStore.setState({ toolPermissions: [] }));
    expect(statusOf(first)).toBe('Waiting for the other calls');
    show(
      message,
      [
        denied('c1', 'deny'),
        { type: 'tool_result', tool_use_id: 'c2', content: wrapped('It broke.'), is_error: true },
      ],
      true,
    );
    expect(statusOf(first)).toBe('Denied');
    // Both ends came in one moment: said together, neither covering the other.
    expect(said()).toEqual(['echo on test: Denied.', 'fail on test: Failed.']);
  });
});

describe('an MCP call read back from the session alone (after a reload)', () => {
  it('is done, failed with its sentence, denied, or has no result; nothing is announced', async () => {
    const message = reply([
      toolUse('d1', ECHO, { text: 'x' }),
      toolUse('f1', 'mcp__test__fail', {}),
      toolUse('n1', ECHO, { text: 'no' }),
      toolUse('s1', ECHO, { text: 'esc' }),
      toolUse('u1', ECHO, { text: 'never' }),
    ]);
    show(message, [
      { type: 'tool_result', tool_use_id: 'd1', content: wrapped('x') },
      {
        type: 'tool_result',
        tool_use_id: 'f1',
        content: wrapped('The tool failed on purpose.'),
        is_error: true,
      },
      denied('n1', 'deny'),
      denied('s1', 'escape'),
    ]);
    await vi.waitFor(() => expect(page.container.querySelectorAll('.mcp-tool-card')).toHaveLength(5));
    const cards = [...page.container.querySelectorAll<HTMLElement>('.mcp-tool-card')];
    // No server is set up: the names are read from the model's names.
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'echo on test',
      'fail on test',
      'echo on test',
      'echo on test',
      'echo on test',
    ]);
    expect(cards.map(statusOf)).toEqual([
      'Done',
      'Failed: The tool failed on purpose.',
      'Denied',
      'Denied: the turn was stopped before it was allowed',
      'No result: the call did not finish',
    ]);
    expect(cards[1]?.querySelector('.tool-card-label:last-of-type')?.textContent).toBe('Error');
    expect(cards[4]?.textContent).toContain('No result.');
    expect(region()?.textContent).toBe('');
  });

  it('draws a tool of another kind with the default card, not this one', async () => {
    show(reply([toolUse('w1', 'get_weather', { city: 'Oslo' })]));
    await vi.waitFor(() => expect(page.container.querySelector('.tool-card')).not.toBeNull());
    expect(page.container.querySelector('.mcp-tool-card')).toBeNull();
  });
});

describe('what the card draws', () => {
  it('cuts a long result in view, and Show all draws it whole', async () => {
    const long = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    show(reply([toolUse('c1', ECHO, { text: 'long' })]), [
      { type: 'tool_result', tool_use_id: 'c1', content: wrapped(long) },
    ]);
    const drawn = await card('echo on test');
    const result = () => drawn.querySelectorAll('pre')[1]?.textContent;
    expect(result()?.split('\n')).toHaveLength(30);
    expect(drawn.textContent).toContain(`Showing ${result()?.length} of ${long.length} characters.`);
    const button = [...drawn.querySelectorAll('button')].find((b) => b.textContent === 'Show all');
    act(() => button?.click());
    expect(result()).toBe(long);
    expect([...drawn.querySelectorAll('button')].some((b) => b.textContent === 'Show all')).toBe(false);
  });

  it('shows hidden characters in the names, arguments, progress and result, and never reads them as HTML', async () => {
    act(() =>
      batonStore.setState({
        mcpServers: [
          {
            ...server,
            name: 'te\u202Est',
            tools: [{ ...server.tools[0], name: 'ec\u200Bho' } as McpServerView['tools'][number]],
          },
        ],
      }),
    );
    const message = reply([toolUse('c1', ECHO, { text: '<img src=x onerror=alert(1)>\u202E' })]);
    show(message, [], true);
    act(() =>
      batonStore.setState({
        toolProgress: { c1: progress({ serverName: 'te\u202Est', tool: 'ec\u200Bho', message: 'go\u202E' }) },
      }),
    );
    const drawn = await card('ec⟨U+200B⟩ho on te⟨U+202E⟩st');
    expect(statusOf(drawn)).toBe('Running · 0 s · go⟨U+202E⟩');
    show(message, [{ type: 'tool_result', tool_use_id: 'c1', content: wrapped('<b>bold</b>\u202E') }], true);
    act(() => batonStore.setState({ toolProgress: {} }));
    expect(drawn.querySelector('img')).toBeNull();
    expect(drawn.querySelector('b')).toBeNull();
    expect([...drawn.querySelectorAll('pre')].map((pre) => pre.textContent)).toEqual([
      '{\n  "text": "<img src=x onerror=alert(1)>⟨U+202E⟩"\n}',
      '<b>bold</b>⟨U+202E⟩',
    ]);
  });
});
