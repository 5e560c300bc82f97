import { describe, expect, it } from 'vitest';
import { chain, toolResults, toolUse, assistant as withContent } from '../../../../testing/entryBuilders';
import { declinedResult } from '../../../core/tools/permission/permissionMachine';
import { untrustedBlock } from '../../../core/untrusted/untrustedBlock';
import type { McpServerView } from '../../../state/slices/mcp/initialState';
import { mcpCallOwner, mcpToolOwner, ownerLabel } from './mcpCallOwner';
import {
  isInLatestReply,
  type McpCallFacts,
  mcpCallStatus,
  resultBody,
  resultPreview,
  statusAnnouncement,
  statusLabel,
} from './mcpCallStatus';

const idle: McpCallFacts = { waiting: false, live: false, asked: false, ran: false, others: false };
const status = (facts: Partial<McpCallFacts>) => mcpCallStatus({ ...idle, ...facts });
const same = (text: string) => text;
const wrapped = (body: string) => untrustedBlock('mcp-tool-result', { server: 'test', tool: 'fail' }, body);

describe('an MCP call read from its stored result (as after a reload)', () => {
  it('is done when the result is not an error', () => {
    expect(status({ result: { content: wrapped('hello') } })).toEqual({ kind: 'done' });
    expect(status({ result: { content: 'ok', is_error: false } })).toEqual({ kind: 'done' });
  });

  it("failed, with the server's sentence from inside the wrapper, or Baton's own as it is", () => {
    expect(status({ result: { content: wrapped('The tool failed on purpose.'), is_error: true } })).toEqual({
      kind: 'failed',
      sentence: 'The tool failed on purpose.',
    });
    const timeout = '"slow" on test did not answer within 60 seconds, so it was stopped.';
    expect(status({ result: { content: timeout, is_error: true } })).toEqual({
      kind: 'failed',
      sentence: timeout,
    });
  });

  it('takes the first line of a long failure, cut, and says so when there is none', () => {
    const failed = status({ result: { content: wrapped(`\n  ${'x'.repeat(300)}\nmore`), is_error: true } });
    expect(failed).toEqual({ kind: 'failed', sentence: `${'x'.repeat(200)}…` });
    expect(status({ result: { content: '', is_error: true } })).toEqual({
      kind: 'failed',
      sentence: 'The tool gave no reason.',
    });
  });

  it('denied, by Deny or by Esc, from the gate’s own results', () => {
    const denied = declinedResult({ tool: 'echo', decision: 'deny' });
    const stopped = declinedResult({ tool: 'echo', decision: 'escape' });
    expect(status({ result: { content: denied.content, is_error: true } })).toEqual({
      kind: 'denied',
      stopped: false,
    });
    expect(status({ result: { content: stopped.content, is_error: true } })).toEqual({
      kind: 'denied',
      stopped: true,
    });
    // The same words as a successful result, or from a server inside the wrapper, are not a denial.
    expect(status({ result: { content: denied.content } })).toEqual({ kind: 'done' });
    expect(status({ result: { content: wrapped(denied.content), is_error: true } }).kind).toBe('failed');
  });

  it('has no result and says so once the turn is over', () => {
    expect(status({})).toEqual({ kind: 'no_result' });
    expect(status({ asked: true, ran: true })).toEqual({ kind: 'no_result' });
  });

  it('a result outranks everything live', () => {
    expect(
      status({ result: { content: 'ok' }, waiting: true, progress: { progress: 1 }, live: true }).kind,
    ).toBe('done');
  });
});

describe('an MCP call while its turn goes on', () => {
  it('waits for permission while its card is open', () => {
    expect(status({ waiting: true, live: true })).toEqual({ kind: 'waiting' });
  });

  it('runs with what the server last reported', () => {
    expect(status({ progress: {}, live: true })).toEqual({ kind: 'running' });
    expect(status({ progress: { progress: 2, total: 3, message: 'Step 2 of 3' }, live: true })).toEqual({
      kind: 'running',
      progress: 2,
      total: 3,
      message: 'Step 2 of 3',
    });
    expect(status({ progress: { progress: 0, message: '  ' }, live: true })).toEqual({
      kind: 'running',
      progress: 0,
    });
  });

  it('starts, finishes, or waits for the reply’s other calls', () => {
    expect(status({ live: true })).toEqual({ kind: 'starting' });
    expect(status({ live: true, asked: true })).toEqual({ kind: 'starting' });
    expect(status({ live: true, ran: true })).toEqual({ kind: 'finishing' });
    expect(status({ live: true, asked: true, others: true })).toEqual({ kind: 'queued' });
    expect(status({ live: true, ran: true, others: true })).toEqual({ kind: 'queued' });
    expect(status({ live: true, others: true })).toEqual({ kind: 'starting' });
  });
});

describe('the status line', () => {
  it('names each status as the card shows it', () => {
    expect(statusLabel({ kind: 'waiting' }, 0, same)).toBe('Waiting for permission');
    expect(statusLabel({ kind: 'running' }, 4, same)).toBe('Running · 4 s');
    expect(statusLabel({ kind: 'running', progress: 2, total: 3, message: 'Step 2 of 3' }, 1, same)).toBe(
      'Running · 1 s · 2/3 · Step 2 of 3',
    );
    expect(statusLabel({ kind: 'running', progress: 7 }, 0, same)).toBe('Running · 0 s · 7');
    expect(statusLabel({ kind: 'done' }, 9, same)).toBe('Done');
    expect(statusLabel({ kind: 'failed', sentence: 'It broke.' }, 0, same)).toBe('Failed: It broke.');
    expect(statusLabel({ kind: 'denied', stopped: false }, 0, same)).toBe('Denied');
    expect(statusLabel({ kind: 'denied', stopped: true }, 0, same)).toBe(
      'Denied: the turn was stopped before it was allowed',
    );
    expect(statusLabel({ kind: 'no_result' }, 0, same)).toBe('No result: the call did not finish');
    expect(statusLabel({ kind: 'queued' }, 0, same)).toBe('Waiting for the other calls');
  });

  it("passes the server's words through `show`", () => {
    const show = (text: string) => `[${text}]`;
    expect(statusLabel({ kind: 'running', message: 'hi' }, 0, show)).toBe('Running · 0 s · [hi]');
    expect(statusLabel({ kind: 'failed', sentence: 'no' }, 0, show)).toBe('Failed: [no]');
  });
});

describe('what screen readers are told', () => {
  it('the start and the end of a call it saw live, nothing else', () => {
    expect(statusAnnouncement('waiting', 'running', 'echo on test')).toBe('echo on test: Running.');
    expect(statusAnnouncement('starting', 'running', 'x')).toBe('x: Running.');
    expect(statusAnnouncement('running', 'finishing', 'x')).toBeUndefined();
    expect(statusAnnouncement('running', 'running', 'x')).toBeUndefined();
    expect(statusAnnouncement('finishing', 'done', 'x')).toBe('x: Done.');
    expect(statusAnnouncement('running', 'failed', 'x')).toBe('x: Failed.');
    expect(statusAnnouncement('waiting', 'denied', 'x')).toBe('x: Denied.');
    expect(statusAnnouncement('queued', 'done', 'x')).toBe('x: Done.');
    expect(statusAnnouncement('starting', 'waiting', 'x')).toBeUndefined();
  });

  it('nothing for a card drawn already settled, or one that was settled', () => {
    expect(statusAnnouncement(undefined, 'done', 'x')).toBeUndefined();
    expect(statusAnnouncement(undefined, 'running', 'x')).toBeUndefined();
    expect(statusAnnouncement('no_result', 'done', 'x')).toBeUndefined();
    expect(statusAnnouncement('done', 'failed', 'x')).toBeUndefined();
  });
});

describe('results', () => {
  it('shows what is inside the wrapper, and anything else as it is', () => {
    expect(resultBody(wrapped('two\nlines'))).toBe('two\nlines');
    expect(resultBody('plain')).toBe('plain');
    expect(resultBody('<mcp-tool-result>\nnot closed')).toBe('<mcp-tool-result>\nnot closed');
  });

  it('cuts a long result to its first 2,000 characters or 30 lines', () => {
    expect(resultPreview('short')).toEqual({ text: 'short', cut: false });
    const wide = 'a'.repeat(2_001);
    expect(resultPreview(wide)).toEqual({ text: 'a'.repeat(2_000), cut: true });
    expect(resultPreview('a'.repeat(2_000)).cut).toBe(false);
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
    const preview = resultPreview(lines);
    expect(preview.cut).toBe(true);
    expect(preview.text.split('\n')).toHaveLength(30);
    expect(resultPreview(lines.split('\n').slice(0, 30).join('\n')).cut).toBe(false);
  });
});

describe('the reply the turn is at', () => {
  it('holds the call only if it is the last assistant message', () => {
    const entries = chain([
      withContent([toolUse('c1', 'mcp__test__echo')], 'tool_use'),
      toolResults({ type: 'tool_result', tool_use_id: 'c1', content: 'ok' }),
    ]);
    expect(isInLatestReply(entries, 'c1')).toBe(true);
    const later = chain([
      withContent([toolUse('c1', 'mcp__test__echo')], 'tool_use'),
      withContent([toolUse('c2', 'mcp__test__echo')], 'tool_use'),
    ]);
    expect(isInLatestReply(later, 'c1')).toBe(false);
    expect(isInLatestReply(later, 'c2')).toBe(true);
    expect(isInLatestReply([], 'c1')).toBe(false);
  });
});

describe('whose tool a call is', () => {
  it('as told, else read from the model’s name', () => {
    expect(mcpCallOwner('mcp__x__y', { server: 'My server', tool: 'read file' })).toEqual({
      server: 'My server',
      tool: 'read file',
    });
    expect(mcpCallOwner('mcp__test__echo', undefined)).toEqual({ server: 'test', tool: 'echo' });
    expect(mcpCallOwner('mcp__a__b__c', undefined)).toEqual({ server: 'a', tool: 'b__c' });
    expect(mcpCallOwner('mcp__odd', undefined)).toEqual({ server: 'an MCP server', tool: 'odd' });
    expect(mcpCallOwner('mcp__odd__', undefined)).toEqual({ server: 'an MCP server', tool: 'odd__' });
  });

  it("finds it in the servers' listings: the server's name and the tool's own", () => {
    const view = (id: string, name: string, tools: McpServerView['tools']): McpServerView => ({
      id,
      name,
      url: 'http://127.0.0.1:1/mcp',
      authorization: 'none',
      hasToken: false,
      connector: false,
      timeoutMs: 60_000,
      status: { kind: 'connected', toolCount: tools.length },
      tools,
      leftOut: [],
    });
    const tool = (name: string, apiName?: string) => ({
      name,
      description: '',
      enabled: true,
      alwaysAllowed: false,
      ...(apiName && { apiName }),
    });
    const servers = [
      view('s1', 'My docs', [tool('read file', 'mcp__My_docs__read_file'), tool('bad')]),
      view('s2', 'test', [tool('echo', 'mcp__test__echo')]),
    ];
    expect(mcpToolOwner(servers, 'mcp__My_docs__read_file')).toEqual({
      server: 'My docs',
      tool: 'read file',
    });
    expect(mcpToolOwner(servers, 'mcp__test__echo')).toEqual({ server: 'test', tool: 'echo' });
    expect(mcpToolOwner(servers, 'mcp__gone__echo')).toBeUndefined();
    expect(mcpToolOwner([], 'mcp__test__echo')).toBeUndefined();
  });

  it('names the card "<tool> on <server>"', () => {
    expect(ownerLabel({ server: 'test', tool: 'echo' }, (name) => name.toUpperCase())).toBe('ECHO on TEST');
  });
});
